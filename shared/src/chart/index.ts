// The stock chart, for every remote that draws one (stock detail, positions). A subpath of its own, so a screen
// without a chart never loads its model code, and the chart library only when ChartPanel renders.
export * from './chartData';
export { ChartPanel, ChartSkeleton } from './ChartPanel';
export { CHART_ROWS_FRESH_MS, preloadChart } from './preload';
