import { accounts } from '../src/db/schema';
import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

// The money commands talk to a running server (as an operator would while `npm start` runs), so this suite
// listens on a free port of its own and points the CLI at it.
describe.each(backends.slice(0, 1))('ops money commands against a running server on $name', (backend) => {
  const t = useApp(backend);
  let cli: ReturnType<typeof opsCli>;

  beforeAll(async () => {
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);


  it(
    'lists and completes a deposit once, verifies the books, shows the audit, and names a breach',
    async () => {
      const { phone, password } = await t.current.register();
      const token = await t.current.login(phone, password);
      const deposit = (
        await t.current.post('/stock/success/v2/recharge/add', { count: 600_000 }, { token, headers: { 'idempotency-key': 'cli-deposit-1' } })
      ).body.data;

      const list = await cli('recharges', '--status', '1');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`^${deposit.id}\\s+${phone}\\s+6000\\.00\\s+bank\\s+${deposit.reference}`, 'm'));
      expect(await cli('recharge-complete', String(deposit.id))).toMatchObject({ code: 0, stdout: `recharge ${deposit.id} completed: 6000.00 credited to ${phone}\n` });
      expect(await cli('recharge-complete', String(deposit.id))).toMatchObject({ code: 1, stderr: 'refused (409): This has already been processed. (alreadySettled)\n' });
      expect((await t.current.get('/stock/success/v2/user/info', { token })).body.data.money).toBe(600_000);
      expect(await cli('recharge-fail', String(deposit.id))).toMatchObject({ code: 2 });
      expect((await cli('audit', '--action', 'recharge')).stdout).toContain(`recharge.complete  recharge ${deposit.id}`);

      expect(await cli('verify-ledger')).toMatchObject({ code: 0, stdout: 'ledger ok: no breaches\n' });
      const [acct] = await t.current.database.db.insert(accounts).values({ userId: null, kind: 'stray', currency: 'INR', balance: 7 }).returning();
      const broken = await cli('verify-ledger');
      expect(broken.code).toBe(3);
      expect(broken.stderr).toContain(`BREACH account equals the sum of its entries: account ${acct!.id} (balance 7, entries 0)`);
    },
    60_000,
  );
});
