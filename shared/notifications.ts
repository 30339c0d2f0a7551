import { z } from 'zod';

/** A notification kept for a user and pushed live over the socket as event 'notification'. */
export const NotificationSchema = z.object({
  _id: z.string(),
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;
