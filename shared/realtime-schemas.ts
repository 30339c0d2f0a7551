import { z } from 'zod';
import { AUDIT_EVENT, AuditEntrySchema } from './audit.ts';
import {
  CHAT_EVENTS,
  ChatMessageSchema,
  ConversationReadEventSchema,
  MessageErrorSchema,
  PresenceEventSchema,
  TypingEventSchema,
} from './chat.ts';
import { EMERGENCY_CHANGED_EVENT, EmergencyChangedEventSchema } from './emergencies.ts';
import { ClinicSettingsShapeSchema } from './clinic-settings.ts';
import { NotificationSchema, NotificationsReadEventSchema } from './notifications.ts';
import { ORDER_CHANGED_EVENT, OrderChangedEventSchema } from './orders.ts';
import { CART_CHANGED_EVENT, CartChangedEventSchema } from './cart.ts';
import {
  CLINIC_SETTINGS_EVENT,
  INTER_SERVER_EVENTS,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  RESYNC_EVENT,
  THEME_EVENT,
  type InterServerEvents,
  type ServerEventName,
  type ServerEventPayload,
} from './realtime.ts';
import { ThemeBodySchema } from './settings.ts';
import { BOOKING_CHANGED_EVENT, BookingChangedEventSchema } from './bookings.ts';
import {
  PET_RECORD_CHANGED_EVENT,
  PetRecordChangedEventSchema,
  REFILL_CHANGED_EVENT,
  RefillChangedEventSchema,
} from './pet-record.ts';
import { VACCINATION_RECORDED_EVENT, VaccinationRecordedEventSchema } from './vaccines.ts';

/** The schema of each server event's payload: the browser parses what it receives with it and drops what fails. */
export const serverEventSchemas: { [E in ServerEventName]: z.ZodType<ServerEventPayload<E>> } = {
  [CHAT_EVENTS.receive]: ChatMessageSchema,
  [CHAT_EVENTS.error]: MessageErrorSchema,
  [CHAT_EVENTS.typing]: TypingEventSchema,
  [CHAT_EVENTS.presence]: PresenceEventSchema,
  [CHAT_EVENTS.read]: ConversationReadEventSchema,
  [ORDER_CHANGED_EVENT]: OrderChangedEventSchema,
  [CART_CHANGED_EVENT]: CartChangedEventSchema,
  [BOOKING_CHANGED_EVENT]: BookingChangedEventSchema,
  [EMERGENCY_CHANGED_EVENT]: EmergencyChangedEventSchema,
  [VACCINATION_RECORDED_EVENT]: VaccinationRecordedEventSchema,
  [NOTIFICATION_EVENT]: NotificationSchema,
  [NOTIFICATIONS_READ_EVENT]: NotificationsReadEventSchema,
  [THEME_EVENT]: ThemeBodySchema,
  [AUDIT_EVENT]: AuditEntrySchema,
  [CLINIC_SETTINGS_EVENT]: ClinicSettingsShapeSchema,
  [PET_RECORD_CHANGED_EVENT]: PetRecordChangedEventSchema,
  [REFILL_CHANGED_EVENT]: RefillChangedEventSchema,
  [RESYNC_EVENT]: z.undefined(),
};

/** The schema of each inter-server event's payload (a process parses what another one sends). */
export const interServerEventSchemas: {
  [E in keyof InterServerEvents]: z.ZodType<Parameters<InterServerEvents[E]>[0]>;
} = {
  [INTER_SERVER_EVENTS.chatRedeliver]: z.array(ChatMessageSchema),
  [INTER_SERVER_EVENTS.chatResync]: z.undefined(),
  [INTER_SERVER_EVENTS.chatBack]: z.undefined(),
};

/**
 * Parses the payload of a server event. A payload that does not fit is reported (a warning) and refused, so one
 * malformed event is dropped instead of breaking the screen that listens.
 */
export function parseServerEvent<E extends ServerEventName>(
  event: E,
  payload: unknown,
): { ok: true; payload: ServerEventPayload<E> } | { ok: false } {
  const parsed = serverEventSchemas[event].safeParse(payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  console.warn(`socket: ignored a malformed '${event}' event`, parsed.error.issues[0]?.message);
  return { ok: false };
}
