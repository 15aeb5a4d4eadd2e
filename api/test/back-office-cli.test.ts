import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

// Like the money commands, these talk to a running server: the suite listens on a free port and points the CLI at it.
describe.each(backends.slice(0, 1))('back-office commands against a running server on $name', (backend) => {
  const t = useApp(backend);
  let cli: ReturnType<typeof opsCli>;

  beforeAll(async () => {
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);

  it(
    'adds an operator with a role, holds a large withdrawal for a second operator, finds and disables a user, and exports the audit',
    async () => {
      const added = await cli('operator-add', 'payouts-2', '--role', 'finance');
      expect(added.code).toBe(0);
      const password = /password: (\S+)/.exec(added.stdout)![1]!;
      expect((await cli('operators')).stdout).toMatch(/\bpayouts-2 {2}finance\b/);
      expect(await cli('operator-add', 'payouts-3', '--role', 'root')).toMatchObject({ code: 2 });

      expect((await cli('setting-set', 'four_eyes_min', '1000000')).stdout).toBe('four_eyes_min = 1000000\n');
      const { phone, password: userPassword } = await t.current.register();
      const token = await t.current.login(phone, userPassword);
      await t.current.deposit(token, 3_000_000);
      await t.current.approveRealName(token);
      const card = (await t.current.post('/stock/success/bank/add', { bank: 'SBI', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token })).body.data.id;
      const id = (await t.current.post('/stock/success/money/access', { bank_id: card, count: 2_000_000 }, { token, headers: { 'idempotency-key': randomUUID() } })).body.data.id;

      expect(await cli('withdrawal-complete', String(id))).toMatchObject({
        code: 0,
        stdout: `withdrawal ${id} approved by ops: 20000.00 is at or above four_eyes_min, so another operator must complete it too\n`,
      });
      expect((await cli('withdrawals', '--status', 'n')).stdout).toMatch(new RegExp(`^${id}\\s+${phone}\\s+20000\\.00.*\\bops\\b`, 'm'));
      expect(await cli('withdrawal-complete', String(id))).toMatchObject({ code: 1, stderr: 'refused (409): You gave the first approval: a different operator must give the second (secondApproverRequired)\n' });
      const second = (await t.current.post('/ops/login', { user: 'payouts-2', password })).body.data.token;
      expect((await t.current.post(`/ops/withdrawals/${id}/complete`, {}, { token: second })).body.data.status).toBe('y');

      const found = await cli('users', '--q', phone);
      expect(found.stdout).toMatch(new RegExp(`^\\d+ {2}${phone} {2}\\d{8} {2}10000\\.00 {2}active`, 'm'));
      const userId = found.stdout.split(' ')[0]!;
      expect(JSON.parse((await cli('user', userId)).stdout)).toMatchObject({ user: phone, cards: [{ bank_card: '**** 9012' }] });
      expect(await cli('user-disable', userId, '--reason', 'Chargeback')).toMatchObject({ code: 0, stdout: `user ${userId} (${phone}) disabled: every session ended\n` });
      expect((await t.current.get('/stock/success/v2/user/info', { token })).status).toBe(401);

      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'audit-')), 'audit.csv');
      const exported = await cli('audit-export', file, '--action', 'withdrawal');
      expect(exported.stdout).toBe(`3 row(s) written to ${file}\n`);
      const lines = fs.readFileSync(file, 'utf8').trim().split('\r\n');
      expect(lines[0]).toBe('id,time,operator,action,target,detail');
      expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['withdrawal.complete', 'withdrawal.approve_second', 'withdrawal.approve_first']);
    },
    90_000,
  );
});
