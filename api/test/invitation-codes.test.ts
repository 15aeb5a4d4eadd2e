import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

describe.each(backends)('operators keep the invitation codes on $name', (backend) => {
  const t = useApp(backend);
  let ops: string;
  let cli: ReturnType<typeof opsCli>;
  beforeAll(async () => {
    ops = await t.current.operatorToken();
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);

  const register = (phone: string, code: string) => t.current.post('/stock/user/reg', { user: phone, password: 'secret123', code });
  const codes = async () => (await t.current.get('/ops/invitation-codes', { token: ops })).body.data as { code: string; active: boolean; uses: number }[];

  it('a code an operator creates lets users register and counts them; turned off, it is refused; audited; never by a user', async () => {
    // Phones from the harness: a fixed one can be the one the harness hands another registration in this suite.
    const [first, second, third] = [t.current.phone(), t.current.phone(), t.current.phone()];
    expect(await register(first, 'SPRING-26')).toMatchObject({ status: 422, body: { data: 'invalidInvitationCode' } });
    expect((await cli('invite', 'SPRING-26')).stdout).toBe('invitation code SPRING-26 active (0 use(s))\n');
    expect((await register(first, 'SPRING-26')).status).toBe(200);
    expect((await register(second, 'SPRING-26')).status).toBe(200);
    expect((await codes()).find((c) => c.code === 'SPRING-26')).toMatchObject({ active: true, uses: 2 });

    expect((await cli('invite', 'SPRING-26', '--off')).stdout).toBe('invitation code SPRING-26 off (2 use(s))\n');
    expect(await register(third, 'SPRING-26')).toMatchObject({ status: 422, body: { data: 'invalidInvitationCode' } });
    expect((await cli('invites')).stdout).toMatch(/^SPRING-26 {2}off {2}2 use\(s\) {2}since \d{4}-\d{2}-\d{2}$/m);
    const audit = (await t.current.get('/ops/audit', { token: ops, query: { action: 'invitation_code' } })).body.data.rows;
    expect(audit.map((r: { target: string; detail: unknown }) => [r.target, r.detail])).toEqual([
      ['SPRING-26', { active: false }],
      ['SPRING-26', { active: true }],
    ]);

    // A code is letters, digits, _ and -; a user is no operator.
    for (const code of ['has space', 'x'.repeat(33), '']) expect((await t.current.post('/ops/invitation-codes', { code }, { token: ops })).status).toBe(400);
    const { phone, password } = await t.current.register();
    expect((await t.current.post('/ops/invitation-codes', { code: 'MINE' }, { token: await t.current.login(phone, password) })).status).toBe(403);
    expect((await codes()).some((c) => c.code === 'MINE')).toBe(false);
    // Three runs of the CLI, each a process of its own.
  }, 120_000);
});
