import { bankCardRules, clabeValid, luhnValid, MxnCardNumber } from '../src/contract/bank';

/** The error key the rule answers, or the value it keeps. */
const outcome = (schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { no: r.error!.issues[0]!.message };
};

describe('Luhn', () => {
  it.each(['4111111111111111', '4152313612345673', '5555555555554444', '0'])('takes %s', (n) => expect(luhnValid(n)).toBe(true));
  it.each(['4111111111111112', '4152313612345678', '5555555555554440'])('refuses %s', (n) => expect(luhnValid(n)).toBe(false));
  it('catches a single mistyped digit and two neighbours swapped', () => {
    const good = '4152313612345673';
    for (let i = 0; i < good.length; i++) {
      const typo = good.slice(0, i) + String((Number(good[i]) + 1) % 10) + good.slice(i + 1);
      expect(luhnValid(typo)).toBe(false);
    }
    expect(luhnValid('1452313612345673')).toBe(false);
  });
});

describe('CLABE', () => {
  it.each(['002010077777777771', '032180000118359719'])('takes %s: its 18th digit checks the first 17 (weights 3, 7, 1)', (n) => expect(clabeValid(n)).toBe(true));
  it('refuses every other check digit', () => {
    for (let d = 0; d <= 9; d++) if (d !== 1) expect(clabeValid(`00201007777777777${d}`)).toBe(false);
  });
  it.each(['00201007777777777', '0020100777777777710', '00201007777777777x', ' 02010077777777771', ''])('refuses %p: not 18 digits', (n) => expect(clabeValid(n)).toBe(false));
  it('catches a single mistyped digit', () => {
    const good = '002010077777777771';
    for (let i = 0; i < 17; i++) {
      const typo = good.slice(0, i) + String((Number(good[i]) + 1) % 10) + good.slice(i + 1);
      expect(clabeValid(typo)).toBe(false);
    }
  });
});

describe('the MXN card number: a card passing Luhn or a CLABE, as people paste them', () => {
  it.each([
    ['4152 3136 1234 5673', '4152313612345673'],
    ['4152-3136-1234-5673', '4152313612345673'],
    [' 002 010 07777777777 1 ', '002010077777777771'],
    ['0020-1007-7777-7777-71', '002010077777777771'],
    ['002010077777777771', '002010077777777771'],
  ])('takes %p as %s', (pasted, digits) => expect(outcome(MxnCardNumber, pasted)).toEqual({ ok: digits }));

  it.each([
    ['a card failing Luhn', '4152313612345678'],
    ['a CLABE with a wrong check digit', '002010077777777772'],
    ['a Luhn-valid number that is not 16 digits', '41111111111111111'],
    ['17 digits', '00201007777777777'],
    ['letters', '4152 3136 1234 567O'],
  ])('refuses %s with invalidCardNumber', (_what, n) => expect(outcome(MxnCardNumber, n)).toEqual({ no: 'invalidCardNumber' }));

  it('an empty one is a missing field', () => expect(outcome(MxnCardNumber, '  ')).toEqual({ no: 'requiredFields' }));
});

describe("the deployments' card forms", () => {
  const mxn = { bank: 'BBVA México', bank_card: '0020 1007 7777 7777 71', bank_user: 'Ana López' };

  it('MXN: bank name, card number or CLABE, cardholder; the number kept as digits, no IFSC', () => {
    expect(outcome(bankCardRules('MXN'), mxn)).toEqual({ ok: { ...mxn, bank_card: '002010077777777771', branch_bank: '', ifsc: '' } });
    expect(outcome(bankCardRules('MXN'), { ...mxn, bank_card: '002010077777777770' })).toEqual({ no: 'invalidCardNumber' });
    expect(outcome(bankCardRules('MXN'), { ...mxn, ifsc: 'SBIN0001234' })).toEqual({ no: 'invalidInput' });
    expect(outcome(bankCardRules('MXN'), { ...mxn, bank_user: '' })).toEqual({ no: 'requiredFields' });
  });

  it('INR keeps its IFSC and account number: a CLABE is an account number there, not checked as one', () => {
    const inr = { bank_user: 'Asha Rao', bank: 'SBI', ifsc: 'sbin0001234', bank_card: '1234-5678-9012' };
    expect(outcome(bankCardRules('INR'), inr)).toEqual({ ok: { ...inr, ifsc: 'SBIN0001234', bank_card: '123456789012', branch_bank: '' } });
    expect(outcome(bankCardRules('INR'), { ...inr, bank_card: '002010077777777772' })).toMatchObject({ ok: { bank_card: '002010077777777772' } });
  });
});
