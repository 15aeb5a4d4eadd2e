/**
 * Operator command line: `npm run ops -w @invest/api -- <command> [options]`.
 * Money commands are calls of the running server's /api/ops (OPS_URL, default this machine's PORT), so they work
 * while `npm start` runs and are audited there. create-operator and import-history open the database itself
 * (DATABASE_URL / DATA_DIR): embedded PGlite allows one process per data directory, so stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { calls, NewPassword, OPERATOR_ROLES, OperatorName, OperatorRoleIn } from '@invest/shared/contract';
import { CHAT_USAGE, chatCommand } from '../chat/commands';
import { KYC_USAGE, kycCommand } from '../kyc/commands';
import { IPO_USAGE, ipoCommand } from '../products/ipo/commands';
import { OFFERS_USAGE, offersCommand } from '../products/offers/commands';
import { FUNDS_USAGE, fundsCommand } from '../products/funds/commands';
import { ConfigError, loadConfig } from '../config';
import { DatabaseLockedError, openDatabase } from '../db/database';
import { CsvImportError, UnknownInstrumentError } from '../market';
import { verifyLedger } from '../ledger/verify';
import { importHistoryCsv } from '../market/import-history';
import { MONEY_COMMANDS, UsageError } from './money-commands';
import { SETTINGS_COMMANDS, SETTINGS_USAGE } from './settings-commands';
import { USERS_COMMANDS, USERS_USAGE } from './users-commands';
import { createOperator, OperatorExistsError } from './operators';
import { connectOps, OpsCallError, ServerUnreachableError } from './remote';

const USAGE = `Usage: npm run ops -w @invest/api -- <command> [options]

Commands:
  create-operator --user NAME [--role support|finance|products|admin] [--password P]
      Creates an operator (audited), an admin unless --role says otherwise. Without --password a random one is
      generated and printed once.

  import-history FILE --symbol SYM
      Stores a daily CSV (Date,Open,High,Low,Close[,Adj Close],Volume; e.g. a Yahoo Finance export) as the
      symbol's history, replacing an earlier import (audited). A file with any bad row changes nothing.
      A running server picks it up at its next start; prices then continue from the last imported close.

  verify-ledger
      Checks every invariant of the books (balances against entries, zero sum per currency, no negative wallet,
      holds settled once, balance chains). Prints each breach and exits 3 when there is any. Asks the running
      server; with no server running it reads the database itself.

Money commands (the running server's /api/ops; operator login from OPS_USER/OPS_PASSWORD or the data folder):
  recharges [--status 1|2|3]            deposits (1 in progress, 2 completed, 3 failed)
  recharge-complete ID                  credits the deposit to the user's wallet (once)
  recharge-fail ID --reason TEXT        fails it; the user sees the reason
  withdrawals [--status n|y|b]          withdrawals (n in progress, y completed, b failed)
  withdrawal-complete ID                marks it paid out; at or above four_eyes_min (settings) the first
                                        operator's call approves it and a second operator's pays it out
  withdrawal-fail ID --reason TEXT      fails it and refunds the wallet
  loans [--state 1|3|4|5]               loans (1 applying, 3 rejected, 4 unpaid, 5 paid)
  loan-approve ID                       lends the money (borrow bill) and sets the repayment time; at or
                                        above four_eyes_min, two different operators must approve it
  loan-reject ID --reason TEXT          rejects the application

${SETTINGS_USAGE}

${USERS_USAGE}

${CHAT_USAGE}
${KYC_USAGE}
${IPO_USAGE}
${OFFERS_USAGE}
${FUNDS_USAGE}`;


async function createOperatorCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const user = OperatorName.safeParse(values.user);
  if (!user.success) throw new UsageError('--user NAME is required (3-64 characters)');
  const role = OperatorRoleIn.optional().safeParse(values.role);
  if (!role.success) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  if (values.password !== undefined) {
    // The same length rules as a user's new password.
    const ok = NewPassword.safeParse(values.password);
    if (!ok.success) throw new UsageError('--password must be 6-128 characters');
  }

  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const created = await createOperator(database.db, { username: user.data, role: role.data, password: values.password, via: 'cli' });
    console.log(`operator "${created.username}" created (id ${created.id}, ${created.role})`);
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

/** The running server's answer; the database's own when no server runs (then nothing else holds it). */
async function ledgerReport() {
  const config = loadConfig(process.env);
  try {
    return await (await connectOps(process.env, config)).call(calls.opsLedgerVerify, {});
  } catch (err) {
    if (!(err instanceof ServerUnreachableError)) throw err;
  }
  const database = await openDatabase(config);
  try {
    return await verifyLedger(database.db);
  } finally {
    await database.close();
  }
}

async function verifyLedgerCommand(args: string[]): Promise<number> {
  parseArgs({ args, options: {}, strict: true });
  const report = await ledgerReport();
  {
    if (report.ok) {
      console.log('ledger ok: no breaches');
      return 0;
    }
    for (const b of report.breaches) console.error(`BREACH ${b.rule}: ${b.subject} (${b.detail})`);
    console.error(`${report.breaches.length} breach(es)`);
    return 3;
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
      case 'chat':
        return await chatCommand(() => connectOps(process.env, loadConfig(process.env)), rest);
      case 'kyc':
        return await kycCommand(() => connectOps(process.env, loadConfig(process.env)), rest);
      case 'ipo':
        return await ipoCommand(() => connectOps(process.env, loadConfig(process.env)), rest);
      case 'offers':
        return await offersCommand(() => connectOps(process.env, loadConfig(process.env)), rest);
      case 'funds':
        return await fundsCommand(() => connectOps(process.env, loadConfig(process.env)), rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        console.log(USAGE);
        return command === undefined ? 1 : 0;
      default: {
        const remote = MONEY_COMMANDS[command] ?? SETTINGS_COMMANDS[command] ?? USERS_COMMANDS[command];
        if (!remote) throw new UsageError(`unknown command "${command}"`);
        return await remote(() => connectOps(process.env, loadConfig(process.env)), rest);
      }
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
      err instanceof CliError ||
      err instanceof OpsCallError ||
      err instanceof ServerUnreachableError
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
