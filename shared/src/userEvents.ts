/**
 * @invest/shared/user-events: the user's event stream (money moved, a deposit decided, a chat message) and the
 * polling that stands in for it, for the screens that show the balance or the chat. A shared module of its own,
 * apart from @invest/shared: it loads with the first such screen, not with every page's start.
 */
export { useWalletEvents, useUserEvents, sseParser, walletStreamUrl, WALLET_STREAM_IDLE_MS, WALLET_STREAM_RETRY_MS, type WalletStreamMode } from './hooks/useWalletEvents';
