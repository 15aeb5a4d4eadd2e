import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

// The offers commands talk to a running server, as an operator would while `npm start` runs.
describe.each(backends.slice(0, 1))('ops offers commands against a running server on $name', (backend) => {
  const t = useApp(backend);
  let cli: ReturnType<typeof opsCli>;

  beforeAll(async () => {
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);

  it(
    'creates, lists and closes offers and marks users qualified, audited',
    async () => {
      const created = await cli('offers', 'create', '--code', 'TCS.NS', '--price', '3010.5', '--min', '40', '--window', '09:00-12:00', '--window', '13:00-15:30');
      expect(created).toMatchObject({ code: 0 });
      const id = Number(/^offer (\d+) created/.exec(created.stdout)![1]);
      expect(created.stdout).toContain('bulk  TCS.NS (IN)  3010.5 INR  min 40  09:00-12:00,13:00-15:30 Asia/Kolkata  open');
      expect(await cli('offers', 'close', String(id))).toMatchObject({ code: 0, stdout: `offer ${id} closed\n` });
      const list = await cli('offers', 'list', '--mold', 'bulk', '--status', '2');
      expect(list.stdout).toMatch(new RegExp(`^${id}  bulk  TCS.NS.*closed`, 'm'));
      expect(list.stdout).not.toContain('finalize');

      const { phone, password } = await t.current.register();
      const token = await t.current.login(phone, password);
      const userId = (await t.current.get('/stock/success/v2/user/info', { token })).body.data.id as number;
      expect(await cli('offers', 'qualify', String(userId))).toMatchObject({ code: 0, stdout: `user ${userId} (${phone}) is a qualified investor\n` });
      expect(await cli('offers', 'qualify', String(userId), '--off')).toMatchObject({ code: 0, stdout: `user ${userId} (${phone}) is no longer a qualified investor\n` });

      // Refusals: the API's key, or the usage.
      expect(await cli('offers', 'create', '--code', 'TCS.NS', '--price', '10', '--window', '12:00-09:00')).toMatchObject({ code: 1, stderr: 'refused (400): Enter each window as HH:MM to HH:MM, opening before it closes (invalidWindow)\n' });
      expect(await cli('offers', 'create', '--code', 'TCS.NS', '--price', '10')).toMatchObject({ code: 2 });

      const audit = (await cli('audit', '--action', 'offers')).stdout;
      expect(audit).toContain(`offers.close`);
      expect(audit).toContain(`offers.qualified`);
    },
    240_000,
  );
});
