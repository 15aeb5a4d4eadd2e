/**
 * Imports a daily OHLCV CSV (Date,Open,High,Low,Close,Volume, e.g. a Yahoo Finance export) as a symbol's history:
 * parsed and checked whole (one bad row rejects the file and changes nothing), stored in price_history replacing the
 * symbol's earlier import, and audited, in one transaction. The ops CLI's `import-history` runs this; the engine
 * loads the table at start and simulates onwards from the last imported close.
 */
import type { Db } from '../db/database';
import { audit } from '../ops/audit';
import { CsvImportError, parseOhlcvCsv } from './csv';
import { writePriceHistory } from './db-history-store';
import type { ImportResult } from './engine';
import { referenceData, type ReferenceData } from './reference';
import { UnknownInstrumentError } from './types';

export interface ImportHistoryInput {
  /** The instrument's symbol (case-insensitive, as in the reference data: `^NSEI`, `RELIANCE.NS`, `AAPL`). */
  symbol: string;
  /** The file's text. */
  csv: string;
  /** Where it came from (a file name), for the audit log. */
  source?: string;
  /** Who: the CLI, or an operator. */
  via?: 'cli' | { operatorId: number };
}

/** Throws UnknownInstrumentError or CsvImportError (with every bad line) before writing anything. */
export async function importHistoryCsv(
  db: Db,
  input: ImportHistoryInput,
  opts: { reference?: ReferenceData; now?: Date } = {},
): Promise<ImportResult> {
  const reference = opts.reference ?? referenceData();
  const inst = reference.bySymbol.get(input.symbol.trim().toUpperCase());
  if (!inst) throw new UnknownInstrumentError(input.symbol);
  const parsed = parseOhlcvCsv(input.csv);
  if (parsed.errors.length) throw new CsvImportError(parsed.errors);
  const rows = parsed.rows;
  const result: ImportResult = {
    symbol: inst.symbol,
    rows: rows.length,
    from: rows[0]!.date,
    to: rows[rows.length - 1]!.date,
    skipped: parsed.skipped,
  };
  const via = input.via ?? 'cli';
  await db.transaction(async (tx) => {
    await writePriceHistory(tx, inst.symbol, rows);
    await audit(
      tx,
      {
        operatorId: typeof via === 'object' ? via.operatorId : null,
        action: 'market.import_history',
        target: inst.symbol,
        detail: {
          via: typeof via === 'object' ? 'operator' : via,
          source: input.source ?? null,
          rows: result.rows,
          from: result.from,
          to: result.to,
          skipped: result.skipped.length,
        },
      },
      opts.now,
    );
  });
  return result;
}
