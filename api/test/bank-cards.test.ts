import { eq } from 'drizzle-orm';
import { bankCards } from '../src/db/schema';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

// The INR form (IFSC and account number) is tested with the wallet it pays out to (wallet.test.ts).
describe.each(backends)('MXN bank cards on $name', (backend) => {
  const t = useApp(backend, { env: { CURRENCY: 'MXN' } });
  const db = () => t.current.database.db;

  async function user() {
    const { phone, password } = await t.current.register();
    return { token: await t.current.login(phone, password) };
  }
  const add = (token: string, bank_card: string) => t.current.post('/stock/success/bank/add', { bank: 'BBVA', bank_card, bank_user: 'Luis Pérez' }, { token });
  const list = async (token: string) => (await t.current.get('/stock/success/bank/list', { token })).body.data as { id: number; bank_card: string }[];
  const stored = () => db().select({ number: bankCards.cardNumber }).from(bankCards);

  let u: Awaited<ReturnType<typeof user>>;
  beforeAll(async () => {
    u = await user();
  }, HOOK_TIMEOUT);

  it('takes a 16-digit card passing Luhn or an 18-digit CLABE, as pasted, and keeps its digits; answers it masked', async () => {
    expect((await add(u.token, '4152 3136 1234 5673')).status).toBe(200);
    expect((await add(u.token, '0020-1007-7777-7777-71')).status).toBe(200);
    expect((await list(u.token)).map((c) => c.bank_card)).toEqual(['**** 7771', '**** 5673']);
    expect((await stored()).map((c) => c.number).sort()).toEqual(['002010077777777771', '4152313612345673']);
  });

  it.each([
    ['a card failing Luhn', '4152313612345678'],
    ['a CLABE with a wrong check digit', '002010077777777772'],
    ['17 digits', '00201007777777777'],
    ['letters', '4152 3136 1234 567O'],
  ])('refuses %s with invalidCardNumber, and stores nothing', async (_what, number) => {
    const { token } = await user();
    const before = (await stored()).length;
    expect(await add(token, number)).toMatchObject({ status: 400, body: { msg: 'no', data: 'invalidCardNumber' } });
    expect(await list(token)).toEqual([]);
    expect((await stored()).length).toBe(before);
  });

  it('an edit to a bad number is refused and leaves the card as it was', async () => {
    const { token } = await user();
    const { id } = (await add(token, '002010077777777771')).body.data;
    const edit = (bank_card: string) => t.current.post('/stock/success/bank/edit', { id, type: 'bank', bank: 'Banorte', bank_card, bank_user: 'Luis Pérez' }, { token });
    expect(await edit('002010077777777770')).toMatchObject({ status: 400, body: { data: 'invalidCardNumber' } });
    const [row] = await db().select().from(bankCards).where(eq(bankCards.id, id));
    expect(row).toMatchObject({ bank: 'BBVA', cardNumber: '002010077777777771' });
    expect(await edit('4111-1111-1111-1111')).toMatchObject({ status: 200, body: { data: { bank: 'Banorte', bank_card: '**** 1111' } } });
  });

  it('refuses an IFSC code: the MXN form has none', async () => {
    const { token } = await user();
    const r = await t.current.post('/stock/success/bank/add', { bank: 'BBVA', bank_card: '002010077777777771', bank_user: 'Luis Pérez', ifsc: 'SBIN0001234' }, { token });
    expect(r).toMatchObject({ status: 400, body: { data: 'invalidInput' } });
    expect(await list(token)).toEqual([]);
  });
});
