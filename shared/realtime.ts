/**
 * The Socket.IO contract, written once: every event name and the type of every payload, for the server's
 * `Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>` and the browser's
 * `Socket<ServerToClientEvents, ClientToServerEvents>`. The zod schemas that check the payloads are in
 * realtime-schemas.ts. This file imports types only, so the app shell can name events without loading zod.
 */
import type { AUDIT_EVENT, AuditEntry } from './audit.ts';
import type { User } from './auth.ts';
import type { ClinicSettings } from './clinic-settings.ts';
import type {
  CHAT_EVENTS,
  ChatMessage,
  ConversationReadEvent,
  JoinRoomInput,
  MessageError,
  PresenceEvent,
  RoomAck,
  SendAck,
  SendMessageInput,
  TypingEvent,
  TypingInput,
} from './chat.ts';
import type { EMERGENCY_CHANGED_EVENT, EmergencyChangedEvent } from './emergencies.ts';
import type { Notification, NotificationsReadEvent } from './notifications.ts';
import type { ORDER_CHANGED_EVENT, OrderChangedEvent } from './orders.ts';
import type { CART_CHANGED_EVENT, CartChangedEvent } from './cart.ts';
import type { ThemeBody } from './settings.ts';
import type { BOOKING_CHANGED_EVENT, BookingChangedEvent } from './bookings.ts';
import type {
  PET_RECORD_CHANGED_EVENT,
  PetRecordChangedEvent,
  REFILL_CHANGED_EVENT,
  RefillChangedEvent,
} from './pet-record.ts';
import type { VACCINATION_RECORDED_EVENT, VaccinationRecordedEvent } from './vaccines.ts';

export const SOCKET_RECONNECT_ATTEMPTS = 5;

export const SOCKET_RECONNECT_DELAY_MS = 1000;

export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;

/**
 * Socket event a server process sends its own clients when its link to the other processes (Redis) is back after an
 * outage: live events from other processes may have been missed meanwhile, so screens refetch what they show.
 */
export const RESYNC_EVENT = 'resync';
/** A notification stored for a user, pushed to every open tab of theirs. */
export const NOTIFICATION_EVENT = 'notification';
/**
 * Some of a user's notifications were read (in any tab or device): every open tab sets its unread count and marks
 * them read. `ids` is absent when all were read.
 */
export const NOTIFICATIONS_READ_EVENT = 'notifications_read';
/** The site's colour theme changed (an admin picked another): every signed-in tab follows at once. */
export const THEME_EVENT = 'theme';
/**
 * An admin saved the clinic's settings (hours, closures, notice...): open calendars, time grids and the staff's list
 * of bookings outside the hours refetch, with the new settings as the payload.
 */
export const CLINIC_SETTINGS_EVENT = 'clinic_settings';

/** Events between server processes (through Redis), never seen by a browser. */
export const INTER_SERVER_EVENTS = {
  /** Chat messages another process could not deliver during an outage: deliver them to the clients here. */
  chatRedeliver: 'chat:redeliver',
  /** Too much was missed to redeliver one by one: every client here refetches instead. */
  chatResync: 'chat:resync',
  /**
   * A process's link is back and it hears the others again: they send it what they delivered for it lately, which
   * may have been published before it could hear.
   */
  chatBack: 'chat:back',
} as const;

// CHAT_EVENTS, ORDER_CHANGED_EVENT and BOOKING_CHANGED_EVENT live beside their schemas; they are imported as types
// only (computed keys need no runtime value), so this file loads nothing at run time.

/** What the server sends to browsers. Every event carries at most one payload. */
export interface ServerToClientEvents {
  [CHAT_EVENTS.receive]: (message: ChatMessage) => void;
  [CHAT_EVENTS.error]: (error: MessageError) => void;
  [CHAT_EVENTS.typing]: (event: TypingEvent) => void;
  [CHAT_EVENTS.presence]: (event: PresenceEvent) => void;
  [CHAT_EVENTS.read]: (event: ConversationReadEvent) => void;
  [ORDER_CHANGED_EVENT]: (event: OrderChangedEvent) => void;
  [CART_CHANGED_EVENT]: (event: CartChangedEvent) => void;
  [BOOKING_CHANGED_EVENT]: (event: BookingChangedEvent) => void;
  [EMERGENCY_CHANGED_EVENT]: (event: EmergencyChangedEvent) => void;
  [VACCINATION_RECORDED_EVENT]: (event: VaccinationRecordedEvent) => void;
  [NOTIFICATION_EVENT]: (notification: Notification) => void;
  [NOTIFICATIONS_READ_EVENT]: (event: NotificationsReadEvent) => void;
  [THEME_EVENT]: (event: ThemeBody) => void;
  [AUDIT_EVENT]: (entry: AuditEntry) => void;
  [CLINIC_SETTINGS_EVENT]: (settings: ClinicSettings) => void;
  [PET_RECORD_CHANGED_EVENT]: (event: PetRecordChangedEvent) => void;
  [REFILL_CHANGED_EVENT]: (event: RefillChangedEvent) => void;
  [RESYNC_EVENT]: () => void;
}

/**
 * What browsers send. The types say what our client sends; the server still parses every payload with its schema,
 * since anyone can send anything, and answers an ack only when the client passed a callback.
 */
export interface ClientToServerEvents {
  [CHAT_EVENTS.send]: (payload: SendMessageInput, ack: (res: SendAck) => void) => void;
  [CHAT_EVENTS.joinRoom]: (payload: JoinRoomInput, ack?: (res: RoomAck) => void) => void;
  [CHAT_EVENTS.leaveRoom]: (payload: JoinRoomInput, ack?: (res: RoomAck) => void) => void;
  [CHAT_EVENTS.typing]: (payload: TypingInput) => void;
  /** The spec's clients announce (userId, role, name); identity comes from the token, so the payload is ignored. */
  [CHAT_EVENTS.userConnected]: (...ignored: unknown[]) => void;
}

/** What server processes send each other. */
export interface InterServerEvents {
  [INTER_SERVER_EVENTS.chatRedeliver]: (messages: ChatMessage[]) => void;
  [INTER_SERVER_EVENTS.chatResync]: () => void;
  [INTER_SERVER_EVENTS.chatBack]: () => void;
}

/** Who is connected: set by the server's handshake check from the token, never sent by the client. */
export interface SocketData {
  user: Pick<User, 'id' | 'name' | 'email' | 'role'> & { profile?: User };
}

/** Names of the events a browser can receive. */
export type ServerEventName = keyof ServerToClientEvents;
/** The one payload of a server event (undefined for those without one). */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
