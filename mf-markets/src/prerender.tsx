import { categoriesQuery, type CallOutput, type calls } from '@invest/shared';
import { definePrerender } from '@invest/shared/prerender';
import { AppRoutes } from './App';
import { indexLineInput, indexLineQuery } from './lib/indexLines';

type Categories = CallOutput<typeof calls.categoryList>;

/**
 * Home comes with the page's HTML: its header, search, quick links and the index cards by category with their
 * prices and sparklines as of the page's request (the screen then refreshes them, live).
 */
export default definePrerender('mf-markets', AppRoutes, {
  '/': async (ask) => {
    const categories = (await ask('categoryList')) as Categories;
    const symbols = categories.categories.flatMap((c) => c.stocks.map((s) => s.stock_code));
    const lines = await Promise.all(symbols.map((symbol) => ask('yahoo', indexLineInput(symbol))));
    return [[categoriesQuery.queryKey, categories], ...symbols.map((symbol, i) => [indexLineQuery(symbol).queryKey, lines[i]] as const)];
  },
});
