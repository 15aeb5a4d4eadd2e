/** The chart's code (the library and the component), as ChartPanel loads it. */
export const loadChart = () => import('./StockChart');

/**
 * Fetches the chart's code now: a screen that will draw a chart calls it when it opens (or its route's code is
 * asked for), so the chunk comes alongside the chart's rows instead of after them.
 */
export const preloadChart = (): void => void loadChart().catch(() => undefined);

/**
 * Chart rows this young are used as they are when a screen mounts: its route's prefetch has just read them, and the
 * live prices (or the polling that stands in for them) keep the last candle current from there.
 */
export const CHART_ROWS_FRESH_MS = 15_000;
