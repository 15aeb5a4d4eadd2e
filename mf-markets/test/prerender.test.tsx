/**
 * @jest-environment node
 */
// Node, as the web server runs it (react-dom/static's Node build).
import { categoriesQuery } from '@invest/shared';
import { CATEGORIES, chart } from '@invest/shared/testing';
import type { Ask } from '@invest/shared/prerender';
import { indexLineQuery } from '../src/lib/indexLines';
import prerender from '../src/prerender';

/** The server's answers, as its routes give them; the spark view of a card has no rows. */
const asked: [string, unknown][] = [];
const ask: Ask = async (path, input) => {
  asked.push([path, input]);
  if (path === '/stock/category/list') return { categories: CATEGORIES };
  if (path === '/v2/yahoo') {
    const { symbol, view } = input as { symbol: string; view?: string };
    if (symbol === 'NOPE.NS') throw Object.assign(new Error('not found'), { statusCode: 404 });
    const answer = chart(symbol, { price: symbol === '^NSEI' ? 24_512.35 : symbol === 'RELIANCE.NS' ? 1_578.05 : 81_234.5, name: symbol });
    return view === 'spark' ? { ...answer, rows: [] } : answer;
  }
  throw new Error(`no answer for ${path}`);
};

describe("home's first frame", () => {
  beforeEach(() => (asked.length = 0));

  it('is home with its index cards, names, prices and sparklines, as of the request', async () => {
    expect(prerender.matches!('/')).toBe(true);
    const data = await prerender.load('/', ask);
    // It asks for the categories, then each index's card answer, as the screen would.
    expect(asked).toEqual([['/stock/category/list', {}], ...['^NSEI', '^BSESN', '^GSPC'].map((symbol) => ['/v2/yahoo', { symbol, mold: '1m', view: 'spark' }])]);
    const { html, state } = await prerender.render('/', data);
    expect(html).toMatch(/<h1[^>]*>Home<\/h1>/);
    expect(html).toContain('Stock name or code');
    for (const label of ['Block trade', 'IPO', 'QIP', 'Funds', 'Forex', 'Futures', 'Treasury']) expect(html).toContain(`>${label}</span>`);
    for (const name of ['India', 'United States', 'NIFTY 50', 'BSE SENSEX', 'S&amp;P 500']) expect(html).toContain(`>${name}<`);
    expect(html).toContain('>24,512.35<');
    expect(html).toContain('>81,234.50<');
    expect(html).toContain('d="M0 20L100 10"'); // the sparkline
    expect(html).toContain('href="/stock/v2/%5ENSEI/NIFTY%2050"');
    // The page's client starts from the same answers, under the keys the screens read them by.
    expect(state.queries.map((q) => q.queryKey)).toEqual([categoriesQuery.queryKey, ...['^NSEI', '^BSESN', '^GSPC'].map((s) => indexLineQuery(s).queryKey)]);
  });

  it('has no frame where the server cannot answer, and draws the same answers the same', async () => {
    await expect(prerender.load('/', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(prerender.matches!('/markets')).toBe(false);
    await expect(prerender.load('/markets', ask)).rejects.toThrow(/does not prerender/);
    const data = await prerender.load('/', ask);
    const [a, b] = await Promise.all([prerender.render('/', data), prerender.render('/', data)]);
    expect(a.html).toBe(b.html);
  });
});

describe("a stock's first frame", () => {
  beforeEach(() => (asked.length = 0));
  const path = '/stock/v2/RELIANCE.NS/Reliance%20Industries';

  it('is the detail with its price and its real-time chart drawn, from the rows the screen reads', async () => {
    expect(prerender.matches!(path)).toBe(true);
    expect(prerender.matches!('/stock/RELIANCE.NS/IN/Reliance')).toBe(true);
    const data = await prerender.load(path, ask);
    expect(asked).toEqual([['/v2/yahoo', { symbol: 'RELIANCE.NS', mold: '1m' }]]);
    const { html, state } = await prerender.render(path, data);
    expect(html).toMatch(/<h1[^>]*>Reliance Industries<\/h1>/);
    expect(html).toContain('>₹1,578.05<');
    // The chart, as SVG (the chart library runs in the page only), with its accessible name.
    expect(html).toContain('data-sketch');
    expect(html).toMatch(/role="img" aria-label="Real time chart, 30 points from \d\d:\d\d to \d\d:\d\d: last 130\.00/);
    expect(html).toMatch(/<path class="[^"]*" d="M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){29}"/);
    expect(state.queries.map((q) => q.queryKey)).toEqual([['/v2/yahoo', { symbol: 'RELIANCE.NS', mold: '1m' }]]);
  });

  it('has no frame for a code the market does not know', async () => {
    await expect(prerender.load('/stock/v2/NOPE.NS/Nope', ask)).rejects.toMatchObject({ statusCode: 404 });
  });
});
