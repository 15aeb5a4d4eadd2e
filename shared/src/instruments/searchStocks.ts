import { call } from '../api/client';
import { calls } from '../contract/endpoints';
import type { StockRow } from '../contract/market';

/** How many matches a stock search shows. */
export const STOCK_SEARCH_LIMIT = 20;

/** Stocks whose name or code matches (GET /v2/stock/list with a keyword). A failure rejects: the sheet says why. */
export async function searchStocks(keyword: string): Promise<StockRow[]> {
  return (await call(calls.stockList, { keyword, page: 1, limit: STOCK_SEARCH_LIMIT })).rows;
}
