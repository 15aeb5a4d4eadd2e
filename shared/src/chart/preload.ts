/** The chart's code (the library and the component), as ChartPanel loads it. */
export const loadChart = () => import('./StockChart');

/**
 * Fetches the chart's code now: a screen that will draw a chart calls it when it opens (or its route's code is
 * asked for), so the chunk comes alongside the chart's rows instead of after them.
 */
export const preloadChart = (): void => void loadChart().catch(() => undefined);
