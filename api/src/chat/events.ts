import { WalletEvents } from '../ledger/events';
import { carryOnUserStream } from '../user/stream';

/**
 * Chat notices: after a message to or from a user commits (an agent's reply, the user's own message from another
 * device, a read), that user's open screens are told as `event: chat` on their one event stream and refetch the
 * conversation and the unread count. Relayed to the other replicas like the wallet's.
 */
export const chatEvents = new WalletEvents();
carryOnUserStream('chat', chatEvents);
