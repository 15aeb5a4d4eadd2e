import { WalletEvents } from '../ledger/events';

/**
 * Sessions that have ended, by auth token id: a logout, or a password change that ends the other sessions, publishes
 * the tokens it revoked, and what holds one open (the user's event stream) closes at once rather than at its next
 * check. Relayed to the other replicas like the wallet's notices, where the tokens also leave the token cache.
 */
export const endedSessions = new WalletEvents();
