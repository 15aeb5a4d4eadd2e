import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { BALANCE_MAX, calls } from '@invest/shared/contract';
import { settings } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { walletBalance } from '../ledger/accounts';
import { holdingsValue } from '../trading/orders';
import { PRIVATE_SETTING_PREFIXES } from '../wallet/settings';
import { registerWalletStream } from './stream';
import { accountSummary } from './summary';

/** The logged-in user's own data, their event stream (wallet, chat), and the public deployment settings. */
export async function userPlugin(app: FastifyInstance): Promise<void> {
  const { currency, maxAmount } = app.apiConfig;
  // The deployment's currency and money limits come from its configuration, never from a stored row.
  const configured = [
    { tag: 'currency', value: currency },
    { tag: 'max_amount', value: String(maxAmount) },
    { tag: 'max_balance', value: String(BALANCE_MAX) },
  ];

  route(app, calls.userInfo, async (_input, ctx) => {
    const user = await accountSummary(app.db, subjectOf(ctx).id, currency);
    // A valid token for a user that no longer exists: treat as logged out.
    if (!user) throw new ApiError(401, 'unauthorized');
    // Total assets: available and held money, plus open positions at the engine's price and fund principal, less what is owed.
    const total = user.balance + holdingsValue(app.market, user.lots, ctx.now) + user.funds - user.loan;
    return { id: user.id, user: user.phone, no: user.accountNo, img: user.avatar ?? '', total, money: user.balance - user.held, loan: user.loan };
  });

  route(app, calls.balance, async (_input, ctx) => {
    return { balance: await walletBalance(app.db, subjectOf(ctx).id, currency) };
  });

  route(app, calls.config, async () => {
    const rows = await app.db.select().from(settings).orderBy(asc(settings.tag));
    const published = rows.filter((r) => !configured.some((c) => c.tag === r.tag) && !PRIVATE_SETTING_PREFIXES.some((p) => r.tag.startsWith(p)));
    return [...published, ...configured];
  });

  registerWalletStream(app);
}
