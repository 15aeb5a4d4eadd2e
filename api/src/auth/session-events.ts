import { WalletEvents } from '../ledger/events';

/**
 * Sessions that have ended, by auth token id: a logout, or a password change that ends the other sessions, publishes
 * the tokens it revoked, and what holds one open (the user's event stream) closes at once rather than at its next
 * check. In-process, like the wallet's notices (the cross-replica seam is the same class).
 */
export const endedSessions = new WalletEvents();
