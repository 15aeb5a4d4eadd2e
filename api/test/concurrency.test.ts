import { eq, sql } from 'drizzle-orm';
import { accounts, invitationCodes, users } from '../src/db/schema';
import { backends, useApp } from './harness';

// On PGlite (one connection) these only show that nothing deadlocks; on PostgreSQL the requests really race.
describe.each(backends)('concurrent registration on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;
  const uses = async () => (await db().select().from(invitationCodes).where(eq(invitationCodes.code, 'DEMO2026')))[0]!.uses;

  it('ends with exactly one user when one phone registers many times at once', async () => {
    const phone = t.current.phone();
    const usesBefore = await uses();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.current.post('/stock/user/reg', { user: phone, password: `secret-${i}`, code: 'DEMO2026' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body).toEqual({ msg: 'no', data: 'phoneTaken' });
    const rows = await db().select().from(users).where(eq(users.phone, phone));
    expect(rows).toHaveLength(1);
    const wallets = await db().select().from(accounts).where(eq(accounts.userId, rows[0]!.id));
    expect(wallets).toHaveLength(1);
    // Failed attempts rolled back their use of the code.
    expect(await uses()).toBe(usesBefore + 1);
  });

  it('registers many different phones at once, each with a wallet', async () => {
    const phones = Array.from({ length: 8 }, () => t.current.phone());
    const results = await Promise.all(
      phones.map((user) => t.current.post('/stock/user/reg', { user, password: 'secret123', code: 'DEMO2026' })),
    );
    expect(results.map((r) => r.status)).toEqual(phones.map(() => 200));
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(sql`${users.phone} in ${phones}`);
    expect(row!.n).toBe(8);
  });
});
