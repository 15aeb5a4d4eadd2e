import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { calls } from '@invest/shared/contract';
import { findUserById } from '../auth/users';
import { settings } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { walletBalance } from '../ledger/accounts';

/** The logged-in user's own data, and the public deployment settings. */
export async function userPlugin(app: FastifyInstance): Promise<void> {
  const { currency } = app.apiConfig;

  route(app, calls.userInfo, async (_input, ctx) => {
    const user = await findUserById(app.db, subjectOf(ctx).id);
    // A valid token for a user that no longer exists: treat as logged out.
    if (!user) throw new ApiError(401, 'unauthorized');
    const money = await walletBalance(app.db, user.id, currency);
    // Until holdings and loans exist, total assets are the wallet alone.
    return { id: user.id, user: user.phone, no: user.accountNo, img: user.avatar ?? '', total: money, money, loan: 0 };
  });

  route(app, calls.balance, async (_input, ctx) => {
    return { balance: await walletBalance(app.db, subjectOf(ctx).id, currency) };
  });

  route(app, calls.config, async () => {
    const rows = await app.db.select().from(settings).orderBy(asc(settings.tag));
    // The deployment's currency comes from its configuration, never from a stored row.
    return [...rows.filter((r) => r.tag !== 'currency'), { tag: 'currency', value: currency }];
  });
}
