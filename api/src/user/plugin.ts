import type { FastifyInstance } from 'fastify';
import { asc } from 'drizzle-orm';
import { BALANCE_MAX, calls } from '@invest/shared/contract';
import { findUserById } from '../auth/users';
import { settings } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { findWallet, walletBalance } from '../ledger/accounts';
import { outstandingLoans } from '../loans/store';
import { activeFundPrincipal } from '../products/funds/orders';
import { holdingsValue } from '../trading/orders';
import { PRIVATE_SETTING_PREFIXES } from '../wallet/settings';
import { registerWalletStream } from './stream';

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
    const user = await findUserById(app.db, subjectOf(ctx).id);
    // A valid token for a user that no longer exists: treat as logged out.
    if (!user) throw new ApiError(401, 'unauthorized');
    const [wallet, loan, holdings, funds] = await Promise.all([
      findWallet(app.db, user.id, currency),
      outstandingLoans(app.db, user.id),
      holdingsValue(app.db, app.market, user.id, ctx.now),
      activeFundPrincipal(app.db, user.id),
    ]);
    // Total assets: available and held money, plus open positions at the engine's price and fund principal, less what is owed.
    const total = (wallet?.balance ?? 0) + holdings + funds - loan;
    return { id: user.id, user: user.phone, no: user.accountNo, img: user.avatar ?? '', total, money: wallet?.available ?? 0, loan };
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
