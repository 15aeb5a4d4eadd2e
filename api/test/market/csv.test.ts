import { CsvImportError, MemoryHistoryStore, createMarketEngine, parseOhlcvCsv, UnknownInstrumentError } from '../../src/market';
import { engineAt, expectValidCandles, ist } from './helpers';

describe('parseOhlcvCsv', () => {
  it('reads a Yahoo export: BOM, CRLF, Adj Close, blank lines, null rows, unsorted dates', () => {
    const csv =
      '\uFEFFDate,Open,High,Low,Close,Adj Close,Volume\r\n' +
      '2026-11-10,1500,1520.5,1490,1510,1509.1,1000\r\n' +
      '\r\n' +
      '2026-11-11,1510,1530,1500,1525.25,1524.3,2000\r\n' +
      '2026-11-12,null,null,null,null,null,null\r\n' +
      '2026-11-09,1490,1505,1480,1500,1499,900\r\n';
    const r = parseOhlcvCsv(csv);
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([{ line: 5, message: expect.stringContaining('null') }]);
    expect(r.rows).toEqual([
      { date: '2026-11-09', open: 1490, high: 1505, low: 1480, close: 1500, volume: 900 },
      { date: '2026-11-10', open: 1500, high: 1520.5, low: 1490, close: 1510, volume: 1000 },
      { date: '2026-11-11', open: 1510, high: 1530, low: 1500, close: 1525.25, volume: 2000 },
    ]);
  });

  it('matches header names case-insensitively, in any order, Volume optional', () => {
    const r = parseOhlcvCsv('CLOSE,date,OPEN,high,Low\n101,2026-01-05,100,102,99\n"103",2026-01-06,101,104,100.5\n');
    expect(r.errors).toEqual([]);
    expect(r.rows).toEqual([
      { date: '2026-01-05', open: 100, high: 102, low: 99, close: 101, volume: 0 },
      { date: '2026-01-06', open: 101, high: 104, low: 100.5, close: 103, volume: 0 },
    ]);
  });

  it('reports each bad row with its line number', () => {
    const csv = [
      'Date,Open,High,Low,Close,Volume', // 1
      '2026-11-09,1490,1505,1480,1500,900', // 2 ok
      '2026-13-01,1,2,0.5,1.5,10', // 3 no such date
      '2026-11-10,abc,1,1,1,1', // 4 not a number
      '2026-11-11,100,90,80,95,10', // 5 high below open
      '2026-11-12,100,110,90', // 6 too few fields
      '2026-11-09,1490,1505,1480,1500,900', // 7 duplicate date
      '2026-11-13,100,110,105,108,5', // 8 low above open
      '2026-11-16,100,110,95,108,-5', // 9 negative volume
      '', // 10 blank: fine
      '2026-11-17,100,110,95,108,5', // 11 ok
    ].join('\n');
    const r = parseOhlcvCsv(csv);
    expect(r.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(r.errors[0]!.message).toMatch(/date/);
    expect(r.errors[1]!.message).toMatch(/open "abc" is not a number/);
    expect(r.errors[2]!.message).toMatch(/high/);
    expect(r.errors[3]!.message).toMatch(/expected 6 fields, found 4/);
    expect(r.errors[4]!.message).toMatch(/line 2/);
    expect(r.errors[5]!.message).toMatch(/low/);
    expect(r.rows.map((x) => x.date)).toEqual(['2026-11-09', '2026-11-17']);
  });

  it('rejects a header without the needed columns and an empty file', () => {
    expect(parseOhlcvCsv('Date,Open,High,Close\n2026-01-05,1,2,1\n').errors).toEqual([{ line: 1, message: expect.stringMatching(/low/) }]);
    expect(parseOhlcvCsv('\n\n').errors[0]!.message).toMatch(/empty/);
    expect(parseOhlcvCsv('Date,Open,High,Low,Close\n').errors[0]!.message).toMatch(/no data rows/);
  });
});

/** Weekday rows from 2026-09-21 (Mon) to 2026-11-13 (Fri), closing at `lastClose`. */
function makeCsv(lastClose: number): { csv: string; rows: { date: string; close: number }[] } {
  const rows: { date: string; open: number; high: number; low: number; close: number; volume: number }[] = [];
  const start = Date.UTC(2026, 8, 21);
  for (let d = 0; d < 56; d++) {
    const t = new Date(start + d * 86_400_000);
    if (t.getUTCDay() === 0 || t.getUTCDay() === 6) continue;
    rows.push({ date: t.toISOString().slice(0, 10), open: 0, high: 0, low: 0, close: 0, volume: 100_000 + d });
  }
  rows.forEach((r, i) => {
    const close = Math.round(lastClose * (1 - 0.003 * (rows.length - 1 - i)) * 100) / 100;
    const open = Math.round(close * (i % 2 ? 1.004 : 0.996) * 100) / 100;
    Object.assign(r, { open, close, high: Math.round(Math.max(open, close) * 1.006 * 100) / 100, low: Math.round(Math.min(open, close) * 0.994 * 100) / 100 });
  });
  const csv = ['Date,Open,High,Low,Close,Adj Close,Volume', ...rows.map((r) => `${r.date},${r.open},${r.high},${r.low},${r.close},${r.close},${r.volume}`)].join('\n');
  return { csv, rows };
}

describe('CSV history import', () => {
  const WED = ist('2026-11-18', '10:00:00');

  it('makes the imported rows the daily history and continues the simulation from the last imported close', async () => {
    const h = engineAt(WED);
    const simulatedLevel = h.engine.quote('RELIANCE.NS').price;
    const lastClose = Math.round(simulatedLevel * 0.5 * 100) / 100; // far from where the simulation would be
    const { csv, rows } = makeCsv(lastClose);
    const result = await h.engine.importCsv('RELIANCE.NS', csv);
    expect(result).toMatchObject({ symbol: 'RELIANCE.NS', rows: 40, from: '2026-09-21', to: '2026-11-13' });

    const daily = h.engine.history('RELIANCE.NS', '1d');
    expectValidCandles(daily, 'imported daily');
    // Up to the last imported date the daily history is exactly the imported rows (nothing simulated before them).
    const imported = daily.slice(0, rows.length);
    expect(imported.map((c) => c.close)).toEqual(rows.map((r) => r.close));
    expect(new Date(imported[0]!.timestamp).toISOString()).toBe(ist('2026-09-21', '09:15:00').toISOString());
    // Then Mon 16, Tue 17 and Wed 18 (in progress) are simulated, starting from the last imported close.
    expect(daily).toHaveLength(rows.length + 3);
    const monday = daily[rows.length]!;
    expect(monday.timestamp).toBe(ist('2026-11-16', '09:15:00').getTime());
    expect(monday.change).toBeCloseTo(monday.close - lastClose, 2);
    expect(Math.abs(Math.log(monday.open / lastClose))).toBeLessThan(0.05);
    const q = h.engine.quote('RELIANCE.NS');
    expect(Math.abs(Math.log(q.price / lastClose))).toBeLessThan(0.1);
    expect(daily.at(-1)!.close).toBe(q.price);
    expect(h.engine.history('RELIANCE.NS', '1m').at(-1)!.close).toBe(q.price);
    for (const i of ['1m', '1d', '1wk', '1mo'] as const) expectValidCandles(h.engine.history('RELIANCE.NS', i), `after import ${i}`);

    // At Monday's open the previous close is the last imported close.
    h.set(ist('2026-11-16', '09:15:00'));
    const mon = h.engine.quote('RELIANCE.NS');
    expect(mon.prevClose).toBe(lastClose);
    expect(mon.open).toBe(monday.open);
    // On the last imported day (closed) the quote is that day's row.
    h.set(ist('2026-11-14', '12:00:00'));
    expect(h.engine.quote('RELIANCE.NS')).toMatchObject({ price: lastClose, marketOpen: false, prevClose: rows.at(-2)!.close });
    // Other symbols are untouched.
    expect(h.engine.importedHistory('TCS.NS')).toBeUndefined();
  });

  it('rejects a file with a bad row and changes nothing', async () => {
    const h = engineAt(WED);
    const before = h.engine.history('TCS.NS', '1d');
    const bad = 'Date,Open,High,Low,Close,Volume\n2026-11-09,100,110,90,105,5\n2026-11-10,100,90,95,105,5\n';
    await expect(h.engine.importCsv('TCS.NS', bad)).rejects.toThrow(CsvImportError);
    await expect(h.engine.importCsv('TCS.NS', bad)).rejects.toMatchObject({ errors: [{ line: 3 }] });
    expect(h.engine.history('TCS.NS', '1d')).toEqual(before);
    expect(h.engine.importedHistory('TCS.NS')).toBeUndefined();
    await expect(h.engine.importCsv('NOPE.NS', 'Date,Open,High,Low,Close\n2026-11-09,1,1,1,1\n')).rejects.toThrow(UnknownInstrumentError);
  });

  it('keeps imports in a HistoryStore another engine can share', async () => {
    const store = new MemoryHistoryStore();
    const a = createMarketEngine({ seed: 's', store, now: () => WED });
    await a.importHistory('INFY.NS', [
      { date: '2026-11-12', open: 1000, high: 1010, low: 990, close: 1005, volume: 10 },
      { date: '2026-11-13', open: 1005, high: 1020, low: 1000, close: 1015, volume: 20 },
    ]);
    expect(store.get('INFY.NS')).toHaveLength(2);
    const b = createMarketEngine({ seed: 's', store, now: () => WED });
    expect(b.history('INFY.NS', '1d')).toEqual(a.history('INFY.NS', '1d'));
    expect(b.history('INFY.NS', '1d')[0]).toMatchObject({ open: 1000, close: 1005 });
    await expect(a.importHistory('INFY.NS', [{ date: '2026-02-30', open: 1, high: 1, low: 1, close: 1, volume: 0 }])).rejects.toThrow(CsvImportError);
  });
});
