import { backends, HOOK_TIMEOUT, useApp } from './harness';
import { opsCli } from './ops-cli';

const config = async (t: { get(path: string): Promise<{ body: { data: { tag: string; value: string }[] } }> }) =>
  Object.fromEntries((await t.get('/v2/config')).body.data.map((r) => [r.tag, r.value]));

describe.each(backends.slice(0, 1))('operators set the wallet settings on $name', (backend) => {
  const t = useApp(backend);
  let cli: ReturnType<typeof opsCli>;
  let ops: string;
  beforeAll(async () => {
    ops = await t.current.operatorToken();
    cli = opsCli(t.current, await t.current.built.app.listen({ port: 0, host: '127.0.0.1' }));
  }, HOOK_TIMEOUT);

  const set = (tag: string, value: string, token = ops) => t.current.post('/ops/settings', { tag, value }, { token });

  it('sets the USDT rate in minor units per USDT: published by the config call at once, audited, and cleared with ""', async () => {
    const before = (await t.current.get('/ops/settings', { token: ops })).body.data as { tag: string; value: string }[];
    expect(before).toContainEqual({ tag: 'usdt_rate_minor', value: '' });
    expect(before).toContainEqual({ tag: 'min_withdraw_count', value: expect.any(String) });

    expect(await set('usdt_rate_minor', '8835')).toMatchObject({ status: 200, body: { data: { tag: 'usdt_rate_minor', value: '8835' } } });
    expect((await config(t.current)).usdt_rate_minor).toBe('8835');
    const audit = (await t.current.get('/ops/audit', { token: ops })).body.data.rows[0];
    expect(audit).toMatchObject({ action: 'settings.set', target: 'usdt_rate_minor', detail: { from: null, to: '8835' } });

    expect(await set('usdt_rate_minor', '')).toMatchObject({ status: 200, body: { data: { value: '' } } });
    expect((await config(t.current)).usdt_rate_minor).toBeUndefined();
  });

  it('refuses a value that is not the setting\'s kind, a setting that is not the operators\', and a user', async () => {
    for (const value of ['88.35', '0', '-5', '1e3']) expect(await set('usdt_rate_minor', value)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });
    expect(await set('min_withdraw_count', '0')).toMatchObject({ status: 422 });
    expect(await set('recharge_usdt_enabled', 'yes')).toMatchObject({ status: 422 });
    for (const tag of ['secret_device_cookie_key', 'currency', 'constructor']) expect(await set(tag, '1')).toMatchObject({ status: 404 });
    const { phone, password } = await t.current.register();
    expect((await set('usdt_rate_minor', '9000', await t.current.login(phone, password))).status).not.toBe(200);
    expect((await config(t.current)).usdt_rate_minor).toBeUndefined();
  });

  it('sets customer service: the mode the app polls by and the link its icons lead to, an internal route or https only', async () => {
    expect(await set('customer_service_mode', '1')).toMatchObject({ status: 200 });
    expect((await config(t.current)).customer_service_mode).toBe('1');
    for (const value of ['yes', '2']) expect(await set('customer_service_mode', value)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });

    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    expect(await set('customer_service_link', 'https://help.example.com/chat')).toMatchObject({ status: 200 });
    expect((await t.current.get('/stock/success/kefu', { token })).body.data).toBe('https://help.example.com/chat');
    for (const value of ['http://help.example.com', 'javascript:alert(1)', '//evil.example', 'help']) {
      expect(await set('customer_service_link', value)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });
    }
    expect(await set('customer_service_link', '/customer-service')).toMatchObject({ status: 200 });
    expect((await t.current.get('/stock/success/kefu', { token })).body.data).toBe('/customer-service');
  });

  it('chooses the languages the menu offers, English among them, from the console or the command line', async () => {
    expect((await config(t.current)).languages).toBeUndefined();
    expect(await set('languages', 'en,es')).toMatchObject({ status: 200 });
    expect((await config(t.current)).languages).toBe('en,es');
    for (const value of ['es', 'en,fr', 'en,en', 'en;es']) expect(await set('languages', value)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });
    expect(await cli('setting-set', 'languages', 'en,zh,es,de')).toMatchObject({ code: 0 });
    expect((await config(t.current)).languages).toBe('en,zh,es,de');
    expect((await set('languages', '')).status).toBe(200);
  });

  it('allows the sites that may frame the widget page: origins only', async () => {
    expect(await set('embed_origins', 'https://partner.example http://localhost:8081 https://*.partner.example')).toMatchObject({ status: 200 });
    expect((await config(t.current)).embed_origins).toBe('https://partner.example http://localhost:8081 https://*.partner.example');
    // A host is names and dots only: the URL parser alone lets `;` through, which would add a directive to the policy.
    for (const value of ['https://partner.example/path', 'partner.example', 'javascript:alert(1)', "https://a.example 'self'", '*', 'https://a.example;script-src']) {
      expect(await set('embed_origins', value)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });
    }
    expect((await set('embed_origins', '')).status).toBe(200);
  });

  it('sets the trading rules: the rules call and the next order follow them, within published bounds', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const rules = async () => (await t.current.get('/stock/success/deal/rules', { token })).body.data;
    expect(await rules()).toMatchObject({ fee_bps: 3, fee_min: 100, collar_bps: 100, fx_max_age_seconds: 300 });
    for (const [tag, value] of [['trade_fee_bps', '25'], ['trade_fee_min', '5'], ['trade_price_collar_bps', '250'], ['trade_fx_max_age_seconds', '60']]) {
      expect((await set(tag!, value!)).status).toBe(200);
    }
    expect(await rules()).toMatchObject({ fee_bps: 25, fee_min: 500, collar_bps: 250, fx_max_age_seconds: 60 });
    for (const [tag, value] of [['trade_fee_bps', '1001'], ['trade_price_collar_bps', '0'], ['trade_fx_max_age_seconds', '0'], ['trade_fee_min', '2.5']]) {
      expect(await set(tag!, value!)).toMatchObject({ status: 422, body: { data: 'invalidInput' } });
    }
    for (const tag of ['trade_fee_bps', 'trade_fee_min', 'trade_price_collar_bps', 'trade_fx_max_age_seconds']) expect((await set(tag, '')).status).toBe(200);
  });

  it('from the command line, like the other operator commands, and the withdraw minimum applies at once', async () => {
    expect(await cli('setting-set', 'usdt_rate_minor', '9000')).toMatchObject({ code: 0, stdout: 'usdt_rate_minor = 9000\n' });
    expect((await cli('settings')).stdout).toMatch(/^usdt_rate_minor\s+9000$/m);
    expect(await cli('setting-set', 'usdt_rate_minor', '90.5')).toMatchObject({ code: 1, stderr: 'refused (422): Some of the information is not valid (invalidInput)\n' });
    expect(await cli('setting-set', 'usdt_rate_minor')).toMatchObject({ code: 2 });
    expect((await config(t.current)).usdt_rate_minor).toBe('9000');

    expect(await cli('setting-set', 'min_withdraw_count', '250')).toMatchObject({ code: 0 });
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.approveRealName(token);
    const pay = (path: string, body: unknown, key: string) => t.current.post(path, body, { token, headers: { 'idempotency-key': key } });
    const deposit = await pay('/stock/success/v2/recharge/add', { count: 500_000 }, 'settings-fund');
    await t.current.post(`/ops/recharges/${deposit.body.data.id}/complete`, {}, { token: ops });
    const card = await t.current.post('/stock/success/bank/add', { bank: 'State Bank of India', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'sbin0001234' }, { token });
    expect(await pay('/stock/success/money/access', { bank_id: card.body.data.id, count: 20_000 }, 'settings-w1')).toMatchObject({ status: 422, body: { data: 'withdrawBelowMinimum' } });
    expect(await pay('/stock/success/money/access', { bank_id: card.body.data.id, count: 25_000 }, 'settings-w2')).toMatchObject({ status: 200 });
  }, 60_000);
});
