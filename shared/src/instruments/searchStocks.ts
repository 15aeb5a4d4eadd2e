// From the package, not its files: this subpath is bundled into each remote, and a relative import would bundle a
// second copy of the API client and the contract's routes beside the shared module's.
import { call, calls, type StockRow } from '@invest/shared';

/** How many matches a stock search shows. */
export const STOCK_SEARCH_LIMIT = 20;

/** Stocks whose name or code matches (GET /v2/stock/list with a keyword). A failure rejects: the sheet says why. */
export async function searchStocks(keyword: string): Promise<StockRow[]> {
  return (await call(calls.stockList, { keyword, page: 1, limit: STOCK_SEARCH_LIMIT })).rows;
}
