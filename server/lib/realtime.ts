import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, InterServerEvents, ServerToClientEvents, SocketData } from '#shared/realtime';

/** The app's Socket.IO server, typed by the shared event maps (started by server/plugins/socket.ts). */
export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** One authenticated connection of the app's Socket.IO server. */
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Room of one user's sockets (all tabs, all processes). */
export const userRoom = (id: string) => `user:${id}`;
/** Room of the sockets opened with one session's token (its hash): logging out closes them. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
/** Room of every connected user of a role. */
export const roleRoom = (role: string) => `role:${role}`;
