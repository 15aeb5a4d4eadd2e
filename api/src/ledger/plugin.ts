import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { route, subjectOf } from '../http/route';
import { findWallet } from './accounts';
import { listBills } from './bills';
import { verifyLedger } from './verify';

/** The user's bill list, and the operators' check of the books. */
export async function ledgerPlugin(app: FastifyInstance): Promise<void> {
  route(app, calls.bills, async (input, ctx) => {
    const wallet = await findWallet(app.db, subjectOf(ctx).id, app.apiConfig.currency);
    return wallet ? listBills(app.db, wallet.id, input) : { rows: [], count: 0 };
  });

  route(app, calls.opsLedgerVerify, async () => verifyLedger(app.db));
}
