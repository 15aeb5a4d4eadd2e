/**
 * Daily OHLCV CSV import, e.g. a Yahoo Finance export:
 *
 *   Date,Open,High,Low,Close,Adj Close,Volume
 *   2024-01-02,21727.75,21755.60,21555.65,21665.80,21665.80,191400
 *
 * Header names are matched case-insensitively and in any order; `Adj Close` (and any other unknown column) is
 * ignored; Volume may be missing (taken as 0). Blank lines are skipped, and so are Yahoo's all-`null` rows for days
 * without trading (reported in `skipped`). Every other bad row is reported with its 1-based line number; the caller
 * decides what to do with a file that has errors (the engine rejects it whole).
 */
import type { DailyBar } from './types';

export interface CsvIssue {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

export interface CsvParseResult {
  /** Valid rows, sorted by date ascending. */
  rows: DailyBar[];
  errors: CsvIssue[];
  skipped: CsvIssue[];
}

export class CsvImportError extends Error {
  readonly code = 'badCsv';
  constructor(readonly errors: readonly CsvIssue[]) {
    const shown = errors.slice(0, 5).map((e) => `line ${e.line}: ${e.message}`);
    if (errors.length > shown.length) shown.push(`... ${errors.length - shown.length} more`);
    super(`CSV rejected:\n${shown.join('\n')}`);
    this.name = 'CsvImportError';
  }
}

/** Split one CSV line; handles double-quoted fields with "" escapes. */
function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else quoted = false;
      } else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/;

type Column = 'date' | 'open' | 'high' | 'low' | 'close' | 'volume';
const COLUMN_NAMES: Record<string, Column> = {
  date: 'date',
  open: 'open',
  high: 'high',
  low: 'low',
  close: 'close',
  volume: 'volume',
};

export function parseOhlcvCsv(text: string): CsvParseResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const errors: CsvIssue[] = [];
  const skipped: CsvIssue[] = [];
  const rows: { bar: DailyBar; line: number }[] = [];

  let headerLine = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '') {
      headerLine = i;
      break;
    }
  }
  if (headerLine < 0) return { rows: [], errors: [{ line: 1, message: 'empty file: expected a header Date,Open,High,Low,Close,Volume' }], skipped };

  const header = splitCsvLine(lines[headerLine]!).map((h) => h.toLowerCase().replace(/\s+/g, ' '));
  const index: Partial<Record<Column, number>> = {};
  header.forEach((h, i) => {
    const col = COLUMN_NAMES[h];
    if (col !== undefined) {
      if (index[col] !== undefined) errors.push({ line: headerLine + 1, message: `column "${h}" appears twice` });
      index[col] = i;
    }
  });
  const missing = (['date', 'open', 'high', 'low', 'close'] as const).filter((c) => index[c] === undefined);
  if (missing.length) {
    errors.push({ line: headerLine + 1, message: `header lacks ${missing.join(', ')} (expected Date,Open,High,Low,Close,Volume)` });
    return { rows: [], errors, skipped };
  }

  const seenDates = new Map<string, number>();
  for (let i = headerLine + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = i + 1;
    if (raw.trim() === '') continue;
    const fields = splitCsvLine(raw);
    if (fields.length !== header.length) {
      errors.push({ line, message: `expected ${header.length} fields, found ${fields.length}` });
      continue;
    }
    const get = (c: Column) => (index[c] === undefined ? undefined : fields[index[c]]);
    const dateText = get('date') ?? '';
    const valueCols: Column[] = ['open', 'high', 'low', 'close', ...(index.volume !== undefined ? (['volume'] as const) : [])];
    if (valueCols.every((c) => (get(c) ?? '').toLowerCase() === 'null')) {
      skipped.push({ line, message: `no trading data (null) on ${dateText}` });
      continue;
    }
    const m = DATE.exec(dateText);
    let date: string | undefined;
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const dt = new Date(Date.UTC(y, mo - 1, d));
      if (dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d) date = `${m[1]}-${m[2]}-${m[3]}`;
    }
    if (!date) {
      errors.push({ line, message: `bad date "${dateText}" (expected YYYY-MM-DD)` });
      continue;
    }
    const nums: Partial<Record<Column, number>> = {};
    const bad: string[] = [];
    for (const c of valueCols) {
      const v = get(c) ?? '';
      if (!NUMBER.test(v)) bad.push(`${c} "${v}" is not a number`);
      else nums[c] = Number(v);
    }
    if (bad.length) {
      errors.push({ line, message: bad.join('; ') });
      continue;
    }
    const open = nums.open!, high = nums.high!, low = nums.low!, close = nums.close!;
    const volume = nums.volume ?? 0;
    const problems: string[] = [];
    if (!(open > 0 && high > 0 && low > 0 && close > 0)) problems.push('prices must be positive');
    if (high < Math.max(open, close, low)) problems.push(`high ${high} is below open/close/low`);
    if (low > Math.min(open, close)) problems.push(`low ${low} is above open/close`);
    if (!(volume >= 0) || !Number.isFinite(volume)) problems.push(`volume ${volume} must be zero or more`);
    const earlier = seenDates.get(date);
    if (earlier !== undefined) problems.push(`date ${date} already given on line ${earlier}`);
    if (problems.length) {
      errors.push({ line, message: problems.join('; ') });
      continue;
    }
    seenDates.set(date, line);
    rows.push({ bar: { date, open, high, low, close, volume: Math.round(volume) }, line });
  }
  rows.sort((a, b) => (a.bar.date < b.bar.date ? -1 : a.bar.date > b.bar.date ? 1 : 0));
  if (rows.length === 0 && errors.length === 0) errors.push({ line: headerLine + 1, message: 'no data rows' });
  return { rows: rows.map((r) => r.bar), errors, skipped };
}
