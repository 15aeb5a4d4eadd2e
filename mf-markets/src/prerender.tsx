import { categoriesQuery, type CallOutput, type calls } from '@invest/shared';
import { definePrerender, type FrameLoader } from '@invest/shared/prerender';
import { AppRoutes } from './App';
import { texts } from './i18n';
import { indexLineQuery } from './lib/indexLines';
import { chartQuery, stockOfParams, STOCK_ROUTES } from './stock/stockRoute';

/** A stock's detail: its quote and its real-time chart as of the page's request (the screen then moves them live). */
const stockDetail: FrameLoader = async (fetch, params) => {
  const { symbol, market } = stockOfParams(params);
  await fetch(chartQuery(symbol, market, '1m'));
};

/**
 * Home comes with the page's HTML: its header, search, quick links and the index cards by category with their
 * prices and sparklines as of the page's request (the screen then refreshes them, live). So does a stock's detail,
 * its chart drawn.
 */
export default definePrerender('mf-markets', AppRoutes, texts, {
  '/': async (fetch) => {
    const { categories } = (await fetch(categoriesQuery)) as CallOutput<typeof calls.categoryList>;
    await Promise.all(categories.flatMap((c) => c.stocks.map((s) => fetch(indexLineQuery(s.stock_code)))));
  },
  ...Object.fromEntries(STOCK_ROUTES.map((route) => [route, stockDetail])),
});
