import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { realNameVerifications, withdrawals, loans } from '../src/db/schema';
import { backends, HOOK_TIMEOUT, testJpeg, useApp, type TestApp } from './harness';

const ADD = '/stock/success/autonomy/add';
const STATE = '/stock/success/autonomy/state';
// Valid Aadhaar numbers (12 digits, Verhoeff check digit) and PAN.
const AADHAAR = '2341 2341 2346';
const PAN = 'ABCDE1234F';

async function photos(t: TestApp, token: string): Promise<[string, string]> {
  const a = await t.upload(token, await testJpeg('#112233'));
  const b = await t.upload(token, await testJpeg('#445566'));
  return [a.body.data.url, b.body.data.url];
}

describe.each(backends)('real-name verification on $name', (backend) => {
  const t = useApp(backend);
  let ops: string;
  beforeAll(async () => {
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  async function user() {
    const { phone, password } = await t.current.register();
    return { phone, token: await t.current.login(phone, password) };
  }
  const opsGet = (p: string, query?: Record<string, string>) => t.current.get(p, { token: ops, query });
  const opsPost = (p: string, body: unknown = {}) => t.current.post(p, body, { token: ops });

  it('goes from none to under review to approved, shows the ID number masked, and operators see it whole with its photos', async () => {
    const u = await user();
    expect((await t.current.get(STATE, { token: u.token })).body).toEqual({ msg: 'ok', data: null });
    const [front, back] = await photos(t.current, u.token);

    const sub = await t.current.post(ADD, { real_name: '  Asha Rao ', id_type: 'idCard', id_number: AADHAAR, id_number_img: front, id_number_img_two: back }, { token: u.token });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({ status: 1, real_name: 'Asha Rao', id_type: 'idCard', id_number: '****2346', id_number_img: front, id_number_img_two: back, reject_reason: null });
    expect(JSON.stringify((await t.current.get(STATE, { token: u.token })).body)).not.toContain('234123412346');

    // Under review: no second submission.
    const again = await t.current.post(ADD, { real_name: 'Asha Rao', id_number: AADHAAR, id_number_img: front, id_number_img_two: back }, { token: u.token });
    expect([again.status, again.body.data]).toEqual([409, 'realNameAlreadySubmitted']);

    const pending = (await opsGet('/ops/kyc', { status: '1' })).body.data;
    const row = pending.rows.find((r: any) => r.id === sub.body.data.id);
    expect(row).toMatchObject({ user: u.phone, id_number: '234123412346', status: 1 });
    const one = (await opsGet(`/ops/kyc/${row.id}`)).body.data;
    expect(one).toMatchObject({ id_number_img: front, id_number_img_two: back, decided_by: null });
    const picture = await t.current.built.app.inject({ method: 'GET', url: one.id_number_img, headers: { authorization: `Bearer ${ops}` } });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const approved = await opsPost(`/ops/kyc/${row.id}/approve`);
    expect(approved.body.data).toMatchObject({ status: 2, decided_by: 'ops' });
    expect((await t.current.get(STATE, { token: u.token })).body.data).toMatchObject({ status: 2, id_number: '****2346' });
    // Decided once.
    expect((await opsPost(`/ops/kyc/${row.id}/reject`, { reason: 'late' })).status).toBe(409);
    expect((await opsPost(`/ops/kyc/${row.id}/approve`)).body.data).toBe('alreadySettled');
    expect((await t.current.post(ADD, { real_name: 'Asha Rao', id_number: AADHAAR, id_number_img: front, id_number_img_two: back }, { token: u.token })).status).toBe(409);

    const audit = (await opsGet('/ops/audit', { action: 'kyc' })).body.data.rows;
    expect(audit[0]).toMatchObject({ operator: 'ops', action: 'kyc.approve', target: `kyc ${row.id}` });
  });

  it('shows a rejection with its reason, and the user may submit again', async () => {
    const u = await user();
    const [front, back] = await photos(t.current, u.token);
    const first = await t.current.post(ADD, { real_name: 'Ravi Kumar', id_type: 'passport', id_number: 'abcde1234f', id_number_img: front, id_number_img_two: back }, { token: u.token });
    expect(first.body.data).toMatchObject({ id_type: 'passport', id_number: '****234F' });
    const rejected = await opsPost(`/ops/kyc/${first.body.data.id}/reject`, { reason: 'The photo is blurred' });
    expect(rejected.body.data).toMatchObject({ status: 3, reject_reason: 'The photo is blurred' });
    expect((await t.current.get(STATE, { token: u.token })).body.data).toMatchObject({ status: 3, reject_reason: 'The photo is blurred' });
    expect((await opsGet('/ops/audit', { action: 'kyc.reject' })).body.data.rows[0]).toMatchObject({ detail: { reason: 'The photo is blurred' } });

    const second = await t.current.post(ADD, { real_name: 'Ravi Kumar', id_type: 'passport', id_number: PAN, id_number_img: front, id_number_img_two: back }, { token: u.token });
    expect(second.body.data).toMatchObject({ status: 1, reject_reason: null });
    expect((await t.current.get(STATE, { token: u.token })).body.data.id).toBe(second.body.data.id);
    expect((await opsPost(`/ops/kyc/${second.body.data.id}/reject`, {})).body.data).toBe('requiredFields');
  });

  it('checks the ID number by its type and the photos by their owner, and writes nothing on a refusal', async () => {
    const u = await user();
    const [front, back] = await photos(t.current, u.token);
    const stranger = await user();
    const [theirs] = await photos(t.current, stranger.token);
    const before = (await t.current.database.db.select({ n: count() }).from(realNameVerifications))[0]!.n;
    const base = { real_name: 'Asha Rao', id_type: 'idCard', id_number: AADHAAR, id_number_img: front, id_number_img_two: back };
    for (const [change, status, key] of [
      [{ id_number: '234123412345' }, 400, 'invalidAadhaarDigits'], // check digit wrong
      [{ id_number: '123412341234' }, 400, 'invalidAadhaarDigits'], // starts with 1
      [{ id_number: '23412341234' }, 400, 'invalidAadhaar'],
      [{ id_type: 'passport', id_number: 'ABCD12345F' }, 400, 'invalidPan'],
      [{ id_type: 'driver', id_number: 'AB1' }, 400, 'invalidIdNumber'],
      [{ id_type: 'other', id_number: 'A'.repeat(33) }, 400, 'invalidIdNumber'],
      [{ id_type: 'other', id_number: 'AB<1>' }, 400, 'invalidIdNumber'],
      [{ id_number: '' }, 400, 'requiredFields'],
      [{ real_name: '   ' }, 400, 'requiredFields'],
      [{ real_name: '<b>x</b>' }, 400, 'invalidInput'],
      [{ id_type: 'visa' }, 400, 'invalidInput'],
      [{ id_number_img: '' }, 400, 'idPhotoRequired'],
      [{ id_number_img_two: undefined }, 400, 'idPhotoRequired'],
      [{ id_number_img: '/etc/passwd' }, 400, 'uploadNotFound'],
      [{ id_number_img: theirs }, 422, 'uploadNotFound'],
      [{ id_number_img: front.replace(/[a-f0-9]{32}/, 'f'.repeat(32)) }, 422, 'uploadNotFound'],
      [{ status: 2 }, 400, 'unknownField'],
    ] as const) {
      const res = await t.current.post(ADD, { ...base, ...change }, { token: u.token });
      expect([change, res.status, res.body.data]).toEqual([change, status, key]);
    }
    expect((await t.current.database.db.select({ n: count() }).from(realNameVerifications))[0]!.n).toBe(before);
    expect((await t.current.post(ADD, base)).status).toBe(401);
  });

  it('takes one of two submissions sent at once, and one of two decisions', async () => {
    const u = await user();
    const [front, back] = await photos(t.current, u.token);
    const body = { real_name: 'Asha Rao', id_number: AADHAAR, id_number_img: front, id_number_img_two: back };
    const both = await Promise.all([t.current.post(ADD, body, { token: u.token }), t.current.post(ADD, body, { token: u.token })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const id = both.find((r) => r.status === 200)!.body.data.id;
    const decisions = await Promise.all([opsPost(`/ops/kyc/${id}/approve`), opsPost(`/ops/kyc/${id}/reject`, { reason: 'no' })]);
    expect(decisions.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('keeps operators only to operator calls, and answers 404 for unknown ids', async () => {
    const u = await user();
    expect((await t.current.get('/ops/kyc', { token: u.token })).status).toBe(403);
    expect((await t.current.post('/ops/kyc/1/approve', {}, { token: u.token })).status).toBe(403);
    expect((await opsGet('/ops/kyc/999999')).status).toBe(404);
    expect((await opsPost('/ops/kyc/abc/approve')).status).toBe(404);
    expect((await opsGet('/ops/kyc', { status: '7' })).body.data).toBe('invalidInput');
  });

  describe('withdrawals and loans need an approved real name', () => {
    it('refuses both with realNameRequired before approval, writing nothing, and lets them through after', async () => {
      const u = await user();
      const card = await t.current.post('/stock/success/bank/add', { bank: 'State Bank of India', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'SBIN0001234' }, { token: u.token });
      const money = (p: string, body: unknown) => t.current.post(p, body, { token: u.token, headers: { 'idempotency-key': randomUUID() } });
      const counts = async () => ({
        withdrawals: (await t.current.database.db.select({ n: count() }).from(withdrawals))[0]!.n,
        loans: (await t.current.database.db.select({ n: count() }).from(loans))[0]!.n,
      });
      const before = await counts();
      for (const [p, body] of [
        ['/stock/success/money/access', { bank_id: card.body.data.id, count: 50_000 }],
        ['/stock/success/loans/add', { count: 100_000 }],
      ] as const) {
        const res = await money(p, body);
        expect([p, res.status, res.body]).toEqual([p, 403, { msg: 'no', data: 'realNameRequired' }]);
      }
      // Under review is not approved either.
      const [front, back] = await photos(t.current, u.token);
      const sub = await t.current.post(ADD, { real_name: 'Asha Rao', id_number: AADHAAR, id_number_img: front, id_number_img_two: back }, { token: u.token });
      expect((await money('/stock/success/loans/add', { count: 100_000 })).body.data).toBe('realNameRequired');
      expect(await counts()).toEqual(before);

      await opsPost(`/ops/kyc/${sub.body.data.id}/approve`);
      const loan = await money('/stock/success/loans/add', { count: 100_000 });
      expect(loan.status).toBe(200);
      // Past the gate, the wallet's own rules answer.
      expect((await money('/stock/success/money/access', { bank_id: card.body.data.id, count: 50_000 })).body.data).toBe('insufficientFunds');
    });
  });
});
