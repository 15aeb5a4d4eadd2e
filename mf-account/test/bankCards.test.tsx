import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ApiError, calls } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { answer, collectToasts, deferred, fixture, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const LIST = calls.bankList.path;
const ADD = calls.bankAdd.path;
const EDIT = calls.bankEdit.path;
const INR = [{ tag: 'currency', value: 'INR' }];
const MXN = [{ tag: 'currency', value: 'MXN' }];

const card = (id: number, over: Record<string, unknown> = {}) =>
  fixture(calls.bankAdd, {
    id,
    bank: 'State Bank of India',
    branch_bank: 'Fort',
    bank_card: '**** 1234',
    ifsc: 'SBIN0001234',
    bank_user: 'Asha Rao',
    type: 'bank',
    status: 1,
    created_at: '2026-01-02T03:04:05.000Z',
    ...over,
  });

/** Where the app is, for the tests that leave the screen. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const show = (path = '/settings/bank-cards') =>
  renderAt(
    path,
    <>
      <AppRoutes />
      <Where />
    </>,
  );
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
const submit = () => screen.getByRole('button', { name: /Add bank card|Save/ }) as HTMLButtonElement;
/** A paste as the browser makes it: the input's own maxLength cuts the text before the page sees it. */
const paste = (name: string, text: string) => {
  const input = field(name);
  fireEvent.change(input, { target: { value: input.maxLength >= 0 ? text.slice(0, input.maxLength) : text } });
  fireEvent.blur(input);
};

let cards: ReturnType<typeof card>[] = [];
const handlers = (config = INR) => ({
  [LIST]: () => cards,
  '/v2/config': () => config,
  [ADD]: (input: Record<string, string>) => {
    const c = card(cards.length + 10, { ...input, bank_card: `**** ${input.bank_card!.slice(-4)}` });
    cards = [c, ...cards];
    return c;
  },
  [EDIT]: ({ id, type: _t, ...input }: Record<string, string>) => {
    const c = card(Number(id), { ...input, bank_card: `**** ${input.bank_card!.slice(-4)}` });
    cards = cards.map((x) => (x.id === c.id ? c : x));
    return c;
  },
});

beforeAll(() => setup(texts));
beforeEach(() => {
  cards = [];
  answer(handlers());
});
afterEach(() => jest.clearAllMocks());

describe('bank card list', () => {
  it('shows each card masked to its last 4 digits, even when an answer carried more', async () => {
    cards = [card(2, { bank_card: '123456789012' }), card(1, { bank: 'HDFC Bank', bank_card: '**** 5678', status: 0 })];
    show();
    const rows = await screen.findAllByTestId('bank-card');
    expect(rows).toHaveLength(2);
    expect(screen.getAllByTestId('card-number').map((n) => n.textContent)).toEqual(['**** 9012', '**** 5678']);
    expect(document.body.textContent).not.toContain('123456789012');
    expect(within(rows[0]!).getByText('Usable')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not usable')).toBeTruthy();
    expect(inputsOf(LIST)).toEqual([{ type: 'bank' }]);
    expect(screen.getByRole('link', { name: 'Edit HDFC Bank card ending in 5678' }).getAttribute('href')).toBe('/settings/bank-cards?card=1');
  });

  it('with no card, invites to add one', async () => {
    show();
    expect(await screen.findByText('No bank cards yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Add bank card' }));
    expect(screen.getByTestId('where').textContent).toBe('/settings/bank-cards?card=new');
    expect(await screen.findByRole('heading', { name: 'Add bank card' })).toBeTruthy();
  });

  it('a failed load says so and its retry works', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({ ...handlers(), [LIST]: () => Promise.reject(new Error('down')) });
    show();
    expect(await screen.findByText('Failed to load bank cards')).toBeTruthy();
    expect(screen.queryByText('No bank cards yet')).toBeNull();
    cards = [card(1)];
    answer(handlers());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('bank-card')).toBeTruthy();
  });
});

describe('INR form', () => {
  it('has name, bank, IFSC and account number; IFSC is upper-cased as typed and checked, the account number is 9 to 18 digits', async () => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('IFSC code');
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('name'))).toEqual(['bank_user', 'bank', 'ifsc', 'bank_card']);
    expect(submit().disabled).toBe(true);

    type('Name', '');
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
    type('Name', 'Asha Rao');
    type('Bank', 'State Bank of India');

    fireEvent.change(field('IFSC code'), { target: { value: 'sbin0001234' } });
    expect(field('IFSC code').value).toBe('SBIN0001234');
    type('IFSC code', 'sbin1001234');
    expect(field('IFSC code').value).toBe('SBIN1001234');
    expect(screen.getByText('Invalid IFSC code (e.g. SBIN0001234)')).toBeTruthy();
    type('IFSC code', 'hdfc0ab12cd');
    expect(screen.queryByText('Invalid IFSC code (e.g. SBIN0001234)')).toBeNull();

    for (const bad of ['12345678', '1234567890123456789']) {
      type('Account number', bad);
      expect(screen.getByText('Account number must be 9 to 18 digits')).toBeTruthy();
      expect(submit().disabled).toBe(true);
    }
    // Digits only: spaces and dashes typed or pasted go.
    type('Account number', '1234-5678 9');
    expect(field('Account number').value).toBe('123456789');
    expect(screen.queryByText('Account number must be 9 to 18 digits')).toBeNull();
    expect(submit().disabled).toBe(false);

    const toasts = collectToasts();
    await act(async () => fireEvent.click(submit()));
    expect(inputsOf(ADD)).toEqual([{ bank_user: 'Asha Rao', bank: 'State Bank of India', ifsc: 'HDFC0AB12CD', bank_card: '123456789', branch_bank: '' }]);
    expect(toasts.messages).toEqual(['Bank card added successfully']);
    toasts.stop();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings/bank-cards'));
    expect((await screen.findAllByTestId('card-number')).map((n) => n.textContent)).toEqual(['**** 6789']);
  });

  it('a pasted IFSC with spaces is cleaned before it is cut to 11 characters', async () => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('IFSC code');
    paste('IFSC code', ' sbin 0001234 ');
    expect(field('IFSC code').value).toBe('SBIN0001234');
    expect(screen.queryByText('Invalid IFSC code (e.g. SBIN0001234)')).toBeNull();
    // Typed on past 11 characters, the code keeps its first 11.
    paste('IFSC code', 'SBIN00012345');
    expect(field('IFSC code').value).toBe('SBIN0001234');
  });

  it('a double tap submits once', async () => {
    const slow = deferred();
    answer({ ...handlers(), [ADD]: async (input: Record<string, string>) => (await slow.promise, handlers()[ADD]!(input)) });
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('IFSC code');
    type('Name', 'Asha Rao');
    type('Bank', 'SBI');
    type('IFSC code', 'SBIN0001234');
    type('Account number', '123456789012');
    const button = submit();
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(screen.getByTestId('bank-card-form'));
    expect(button.disabled).toBe(true);
    await act(async () => slow.resolve(undefined));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings/bank-cards'));
    expect(inputsOf(ADD)).toHaveLength(1);
  });

  it('a refused add shows the reason or the spec’s failure message, and keeps what was typed', async () => {
    answer({ ...handlers(), [ADD]: () => Promise.reject(new ApiError(500, 'serverError')) });
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('IFSC code');
    type('Name', 'Asha Rao');
    type('Bank', 'SBI');
    type('IFSC code', 'SBIN0001234');
    type('Account number', '123456789012');
    await act(async () => fireEvent.click(submit()));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to add bank card');
    expect(field('Account number').value).toBe('123456789012');

    answer({ ...handlers(), [ADD]: () => Promise.reject(new ApiError(400, 'invalidIfsc')) });
    await act(async () => fireEvent.click(submit()));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid IFSC code (e.g. SBIN0001234)');
  });

  it('edits a card: its fields filled in, the number typed again, sent with its id and type bank', async () => {
    cards = [card(7)];
    show();
    fireEvent.click(await screen.findByRole('link', { name: 'Edit State Bank of India card ending in 1234' }));
    expect(await screen.findByRole('heading', { name: 'Edit bank card' })).toBeTruthy();
    expect(field('Name').value).toBe('Asha Rao');
    expect(field('Bank').value).toBe('State Bank of India');
    expect(field('IFSC code').value).toBe('SBIN0001234');
    expect(field('Account number').value).toBe('');
    expect(screen.getByText('Enter the full number again (saved: **** 1234)')).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type('Bank', 'SBI Fort');
    type('Account number', '99887766554433');
    const toasts = collectToasts();
    await act(async () => fireEvent.click(submit()));
    expect(inputsOf(EDIT)).toEqual([
      { id: 7, type: 'bank', bank_user: 'Asha Rao', bank: 'SBI Fort', ifsc: 'SBIN0001234', bank_card: '99887766554433', branch_bank: 'Fort' },
    ]);
    expect(toasts.messages).toEqual(['Bank card updated successfully']);
    toasts.stop();
    await waitFor(() => expect(screen.getAllByTestId('card-number').map((n) => n.textContent)).toEqual(['**** 4433']));
    expect(screen.getByText('SBI Fort')).toBeTruthy();
  });

  it('a failed edit says so', async () => {
    cards = [card(7)];
    answer({ ...handlers(), [EDIT]: () => Promise.reject(new TypeError('down')) });
    show('/settings/bank-cards?card=7');
    await screen.findByDisplayValue('Asha Rao');
    type('Account number', '99887766554433');
    await act(async () => fireEvent.click(submit()));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update bank card');
  });

  it('a card that is not the user’s is not found', async () => {
    cards = [card(7)];
    show('/settings/bank-cards?card=99');
    expect(await screen.findByText('This bank card was not found')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('opened from the withdraw screen, a new card leads back there', async () => {
    show('/settings/bank-cards?from=%2Fwithdraw');
    fireEvent.click(await screen.findByRole('link', { name: 'Add bank card' }));
    expect(screen.getByTestId('where').textContent).toBe('/settings/bank-cards?card=new&from=%2Fwithdraw');
    await screen.findByLabelText('IFSC code');
    type('Name', 'Asha Rao');
    type('Bank', 'SBI');
    type('IFSC code', 'SBIN0001234');
    type('Account number', '123456789012');
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/withdraw'));
  });

  it('a return path to another site is ignored', async () => {
    show('/settings/bank-cards?from=%2F%2Fevil.example');
    fireEvent.click(await screen.findByRole('link', { name: 'Add bank card' }));
    expect(screen.getByTestId('where').textContent).toBe('/settings/bank-cards?card=new');
  });
});

describe('MXN form', () => {
  beforeEach(() => answer(handlers(MXN)));

  it('has bank name, card number and cardholder, and no IFSC', async () => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('Card number or CLABE');
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('name'))).toEqual(['bank', 'bank_card', 'bank_user']);
    expect(screen.queryByLabelText('IFSC code')).toBeNull();
  });

  it.each([
    ['a 16-digit card failing Luhn', '4111111111111112', false],
    ['a 16-digit card passing Luhn', '4111 1111 1111 1111', true],
    ['an 18-digit CLABE with a wrong check digit', '032180000118359710', false],
    ['an 18-digit CLABE with its check digit', '032180000118359719', true],
    ['17 digits', '03218000011835971', false],
  ])('%s', async (_what, number, ok) => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('Card number or CLABE');
    type('Bank name', 'BBVA México');
    type('Cardholder', 'Ana López');
    type('Card number or CLABE', number);
    expect(screen.queryByText('Invalid card number or CLABE') === null).toBe(ok);
    expect(submit().disabled).toBe(!ok);
    if (!ok) return;
    await act(async () => fireEvent.click(submit()));
    expect(inputsOf(ADD)).toEqual([{ bank: 'BBVA México', bank_card: number.replace(/\D/g, ''), bank_user: 'Ana López', ifsc: '', branch_bank: '' }]);
  });

  it('a CLABE pasted with dashes is kept as its 18 digits and sent so; the list shows it masked', async () => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('Card number or CLABE');
    type('Bank name', 'Banamex');
    type('Cardholder', 'Ana López');
    paste('Card number or CLABE', '0020-1007-7777-7777-71');
    expect(field('Card number or CLABE').value).toBe('002010077777777771');
    expect(submit().disabled).toBe(false);
    await act(async () => fireEvent.click(submit()));
    expect(inputsOf(ADD)).toEqual([{ bank: 'Banamex', bank_card: '002010077777777771', bank_user: 'Ana López', ifsc: '', branch_bank: '' }]);
    expect((await screen.findAllByTestId('card-number')).map((n) => n.textContent)).toEqual(['**** 7771']);
    expect(document.body.textContent).not.toContain('002010077777777771');
  });

  it('says a bad number before sending, and sends nothing', async () => {
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('Card number or CLABE');
    type('Bank name', 'Banamex');
    type('Cardholder', 'Ana López');
    paste('Card number or CLABE', '0020 1007 7777 7777 72');
    expect(screen.getByText('Invalid card number or CLABE')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('bank-card-form'));
    await act(async () => {});
    expect(inputsOf(ADD)).toEqual([]);
  });

  it("shows the server's refusal in the user's words", async () => {
    answer({ ...handlers(MXN), [ADD]: () => Promise.reject(new ApiError(400, 'invalidCardNumber')) });
    show('/settings/bank-cards?card=new');
    await screen.findByLabelText('Card number or CLABE');
    type('Bank name', 'Banamex');
    type('Cardholder', 'Ana López');
    type('Card number or CLABE', '002010077777777771');
    await act(async () => fireEvent.click(submit()));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid card number or CLABE');
  });
});
