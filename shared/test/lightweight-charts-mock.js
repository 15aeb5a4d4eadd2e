// lightweight-charts draws on a canvas, which jsdom lacks: unit tests get this stand-in, which keeps what each series
// was given (setData, update) so a test can tell a whole redraw from a one-bar update. Browser tests draw real charts.
const charts = [];

function series(kind, options, pane) {
  return {
    kind,
    pane,
    options: { ...options },
    data: [],
    setDataCalls: 0,
    updates: [],
    setData(data) {
      this.setDataCalls++;
      this.data = [...data];
    },
    update(point) {
      this.updates.push(point);
      const last = this.data[this.data.length - 1];
      if (last && last.time === point.time) this.data[this.data.length - 1] = point;
      else this.data.push(point);
    },
    applyOptions(o) {
      Object.assign(this.options, o);
    },
    priceScale() {
      return { applyOptions() {} };
    },
  };
}

function createChart(el, options) {
  const panes = [0, 1].map(() => ({ height: null, setHeight(h) { this.height = h; } }));
  const chart = {
    el,
    options,
    series: [],
    removed: false,
    addSeries(kind, opts, pane = 0) {
      const s = series(kind, opts, pane);
      this.series.push(s);
      return s;
    },
    panes: () => panes,
    timeScale: () => ({ fitContent() {} }),
    subscribeCrosshairMove() {},
    unsubscribeCrosshairMove() {},
    remove() {
      this.removed = true;
    },
  };
  charts.push(chart);
  return chart;
}

module.exports = {
  createChart,
  AreaSeries: 'Area',
  CandlestickSeries: 'Candlestick',
  LineSeries: 'Line',
  HistogramSeries: 'Histogram',
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Magnet: 1 },
  LineStyle: { Dashed: 2 },
  /** Every chart made, newest last (tests read them). */
  charts,
};
