import { calls } from '../src/contract';
import { MessageText } from '../src/contract/chat';
import { bankCardRules } from '../src/contract/bank';

/** The error key a schema answers for `value`, or the parsed value when it takes it. */
function outcome(schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { no: r.error!.issues[0]!.message };
}

describe('numbers on the wire', () => {
  const amount = (count: unknown) => outcome(calls.rechargeAdd.input, { count });

  it.each([20_000, '20000', '0020000'])('takes a money amount %p as a JSON integer or the digits a form sends', (count) => {
    expect(amount(count)).toEqual({ ok: { count: 20_000, method: 'bank' } });
  });

  it.each([true, false, null, [20_000], { n: 20_000 }, '0x10', '1e4', '2e4', ' 20000', '20000 ', '+20000', '-20000', -20_000, '20000.5', 20_000.5, '', '２００００', 'Infinity', 0])(
    'refuses %p as a money amount',
    (count) => {
    expect(amount(count)).toEqual({ no: 'invalidAmount' });
    },
  );

  it('refuses the same on every money and quantity field', () => {
    const buy = (count: unknown) => outcome(calls.dealBuy.input, { tag: 'TCS.NS', count, price: 100 });
    expect(buy('0x10')).toEqual({ no: 'quantityTooLow' });
    expect(buy(true)).toEqual({ no: 'quantityTooLow' });
    expect(buy([16])).toEqual({ no: 'quantityTooLow' });
    expect(buy('16')).toMatchObject({ ok: { count: 16 } });
    for (const [call, field, key] of [
      [calls.withdraw, 'count', 'invalidAmount'],
      [calls.loanAdd, 'count', 'invalidAmount'],
    ] as const) {
    expect(outcome(call.input, { bank_id: 1, [field]: '0x10' })).toEqual({ no: key });
    expect(outcome(call.input, { bank_id: 1, [field]: true })).toEqual({ no: key });
    expect(outcome(call.input, { bank_id: 1, [field]: [20_000] })).toEqual({ no: key });
    }
    expect(outcome(calls.withdraw.input, { bank_id: true, count: 20_000 })).toEqual({ no: 'bankCardRequired' });
    expect(outcome(calls.loanRepay.input, { id: '0x1' })).toEqual({ no: 'invalidInput' });
    expect(outcome(calls.loanRepay.input, { id: '7' })).toEqual({ ok: { id: 7 } });
  });

  it('takes a price as a JSON number or decimal digits, and nothing else', () => {
    const sell = (sell_price: unknown) => outcome(calls.dealSell.input, { no: 'T1', sell_price });
    expect(sell(101.25)).toEqual({ ok: { no: 'T1', sell_price: 101.25 } });
    expect(sell('101.25')).toEqual({ ok: { no: 'T1', sell_price: 101.25 } });
    for (const bad of [true, [101], '0x10', '1e2', ' 101', '-1', '1.', '.5', '']) expect(sell(bad)).toEqual({ no: 'invalidPrice' });
  });

  it('reads query numbers as digits only', () => {
    expect(outcome(calls.bills.input, { page: '2', limit: '10' })).toEqual({ ok: { type: 'all', page: 2, limit: 10 } });
    expect(outcome(calls.bills.input, { page: '0x2' })).toEqual({ no: 'invalidInput' });
    expect(outcome(calls.bills.input, { page: ['1', '2'] })).toEqual({ no: 'invalidInput' });
  });
});

describe('text that shows what it says', () => {
  const RLO = '\u202e';
  const inr = bankCardRules('INR');
  const card = { bank_user: 'Asha Rao', bank: 'SBI', ifsc: 'SBIN0001234', bank_card: '123456789012' };
  const reason = (r: string) => outcome(calls.opsRechargeFail.input, { reason: r });
  const realName = (real_name: string) => outcome(calls.realNameAdd.input.pick({ real_name: true }), { real_name });

  const HIDDEN = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff', '\u00ad', '\u0007', '\u0085', '\u2028'];
  const named = HIDDEN.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0'), c]);

  it.each(named)('refuses U+%s in a name, a card holder, a message and an operator reason', (_name, c) => {
    expect(realName(`Asha${c}Rao`)).toEqual({ no: 'invisibleCharacters' });
    expect(outcome(inr, { ...card, bank_user: `Asha${c}Rao` })).toEqual({ no: 'invisibleCharacters' });
    expect(outcome(inr, { ...card, bank: `S${c}BI` })).toEqual({ no: 'invisibleCharacters' });
    expect(outcome(inr, { ...card, branch_bank: `Ma${c}in` })).toEqual({ no: 'invisibleCharacters' });
    expect(outcome(MessageText, `hello ${c}world`)).toEqual({ no: 'invisibleCharacters' });
    expect(reason(`bad${c}slip`)).toEqual({ no: 'invisibleCharacters' });
    expect(outcome(calls.rechargeAdd.input, { count: 600_000, payment_ref: `UTR${c}1` })).toEqual({ no: 'invisibleCharacters' });
  });

  it('refuses a name that shows another: the override that reverses what follows it', () => {
    expect(realName(`Asha ${RLO}oaR`)).toEqual({ no: 'invisibleCharacters' });
  });

  it('keeps the joiners emoji and Indic scripts need, and line breaks and tabs where text has lines', () => {
    const hindi = 'क्\u200dष Rao';
    const persian = 'می\u200cخواهم';
    expect(realName(hindi)).toEqual({ ok: { real_name: hindi } });
    expect(realName(persian)).toEqual({ ok: { real_name: persian } });
    const emoji = 'family \u{1f468}\u200d\u{1f469}\u200d\u{1f467} flag \u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} ok \u2764\ufe0f';
    expect(outcome(MessageText, emoji)).toEqual({ ok: emoji });
    expect(outcome(MessageText, 'line one\n\tline two')).toEqual({ ok: 'line one\n\tline two' });
    expect(realName('Asha\nRao')).toEqual({ no: 'invisibleCharacters' });
    expect(reason('one\ttwo')).toEqual({ no: 'invisibleCharacters' });
    // A tag character outside a flag's sequence hides text.
    expect(outcome(MessageText, 'hi \u{e0041}\u{e0042}')).toEqual({ no: 'invisibleCharacters' });
  });
});
