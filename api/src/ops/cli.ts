/**
 * Operator command line: `npm run ops -w @invest/api -- <command> [options]`.
 * Uses the same configuration and database as the server (DATABASE_URL / DATA_DIR).
 * Embedded PGlite allows one process per data directory: stop the server before using the CLI on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NewPassword, OperatorName } from '@invest/shared/contract';
import { ConfigError, loadConfig } from '../config';
import { DatabaseLockedError, openDatabase } from '../db/database';
import { CsvImportError, UnknownInstrumentError } from '../market';
import { verifyLedger } from '../ledger/verify';
import { importHistoryCsv } from '../market/import-history';
import { createOperator, OperatorExistsError } from './operators';

const USAGE = `Usage: npm run ops -w @invest/api -- <command> [options]

Commands:
  create-operator --user NAME [--password P]
      Creates an operator (audited). Without --password a random one is generated and printed once.

  import-history FILE --symbol SYM
      Stores a daily CSV (Date,Open,High,Low,Close[,Adj Close],Volume; e.g. a Yahoo Finance export) as the
      symbol's history, replacing an earlier import (audited). A file with any bad row changes nothing.
      A running server picks it up at its next start; prices then continue from the last imported close.

  verify-ledger
      Checks every invariant of the books (balances against entries, zero sum per currency, no negative wallet,
      holds settled once, balance chains). Prints each breach and exits 3 when there is any.
`;

class UsageError extends Error {}

async function createOperatorCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const user = OperatorName.safeParse(values.user);
  if (!user.success) throw new UsageError('--user NAME is required (3-64 characters)');
  if (values.password !== undefined) {
    // The same length rules as a user's new password.
    const ok = NewPassword.safeParse(values.password);
    if (!ok.success) throw new UsageError('--password must be 6-128 characters');
  }

  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const created = await createOperator(database.db, { username: user.data, password: values.password, via: 'cli' });
    console.log(`operator "${created.username}" created (id ${created.id})`);
    if (created.generated) console.log(`password: ${created.password}`);
  } finally {
    await database.close();
  }
}

async function importHistoryCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { symbol: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError('import-history takes one FILE');
  if (!values.symbol?.trim()) throw new UsageError('--symbol SYM is required');
  // `npm run ops -w @invest/api` runs in api/: a relative path means relative to where the operator typed it.
  const fullPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let csv: string;
  try {
    csv = fs.readFileSync(fullPath, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
  }

  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const result = await importHistoryCsv(database.db, { symbol: values.symbol, csv, source: path.basename(file), via: 'cli' });
    console.log(`${result.symbol}: ${result.rows} daily rows stored (${result.from} to ${result.to})`);
    for (const s of result.skipped) console.log(`  skipped line ${s.line}: ${s.message}`);
  } finally {
    await database.close();
  }
}

async function verifyLedgerCommand(args: string[]): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  const database = await openDatabase(loadConfig(process.env));
  try {
    const report = await verifyLedger(database.db);
    if (report.ok) {
      console.log('ledger ok: no breaches');
      return 0;
    }
    for (const b of report.breaches) console.error(`BREACH ${b.rule}: ${b.subject} (${b.detail})`);
    console.error(`${report.breaches.length} breach(es)`);
    return 3;
  } finally {
    await database.close();
  }
}

/** A failure to report in one line (exit code 1). */
class CliError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'create-operator':
        await createOperatorCommand(rest);
        return 0;
      case 'import-history':
        await importHistoryCommand(rest);
        return 0;
      case 'verify-ledger':
        return await verifyLedgerCommand(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return command === undefined ? 1 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      err instanceof ConfigError ||
      err instanceof OperatorExistsError ||
      err instanceof DatabaseLockedError ||
      err instanceof CsvImportError ||
      err instanceof UnknownInstrumentError ||
      err instanceof CliError
    ) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
