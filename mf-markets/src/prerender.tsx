import { categoriesQuery, type CallOutput, type calls } from '@invest/shared';
import { definePrerender } from '@invest/shared/prerender';
import { AppRoutes } from './App';
import { texts } from './i18n';
import { indexLineQuery } from './lib/indexLines';

/**
 * Home comes with the page's HTML: its header, search, quick links and the index cards by category with their
 * prices and sparklines as of the page's request (the screen then refreshes them, live).
 */
export default definePrerender('mf-markets', AppRoutes, texts, {
  '/': async (fetch) => {
    const { categories } = (await fetch(categoriesQuery)) as CallOutput<typeof calls.categoryList>;
    await Promise.all(categories.flatMap((c) => c.stocks.map((s) => fetch(indexLineQuery(s.stock_code)))));
  },
});
