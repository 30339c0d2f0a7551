/**
 * Socket event a server process sends its own clients when its link to the other processes (Redis) is back after an
 * outage: live events from other processes may have been missed meanwhile, so screens refetch what they show.
 */
export const RESYNC_EVENT = 'resync';
