// Chat: the contract's plain values (no zod), which the web apps' start may import.

/** Issue 10: a message is 1–1000 characters after trimming (counted as the user sees them, not UTF-16 units). */
export const MESSAGE_MAX = 1000;

/** Spec §9: the unread count is polled every 10 s (the chat screen's fallback while the event stream is down, too). */
export const CHAT_POLL_MS = 10_000;

/** The config flag (GET /v2/config) that turns the unread polling and the badge on (spec §6: off unless set). */
export const CUSTOMER_SERVICE_MODE = 'customer_service_mode';

/** The customer-service link when none is configured: our own chat. */
export const DEFAULT_SERVICE_LINK = '/customer-service';

/** The characters of a text as a user counts them (an emoji is one). */
export const charCount = (text: string): number => [...text].length;
