// Instrument lists (markets, search, watchlist, positions, the account's markets): a subpath of its own, bundled into
// the remotes that draw one, so the router its rows link with stays off the pages that have none (the login screen).
export * from './InstrumentRow';
export { searchStocks, STOCK_SEARCH_LIMIT } from './searchStocks';
