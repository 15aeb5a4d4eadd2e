import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type Offer, type Order } from '@invest/shared';
import { answer, collectToasts, inputsOf, quote, renderAt, setup, type Handler } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

const CONFIG = [{ tag: 'currency', value: 'INR' }];

const offer = (id: number, over: Partial<Offer> = {}): Offer => ({
  id,
  tag: 'RELIANCE.NS',
  name: 'Reliance Industries',
  mold: 'bulk',
  price: 1000,
  count: 100,
  status: 1,
  type: 'IN',
  currency: 'INR',
  windows: [{ open: '09:15', close: '15:30' }],
  time_zone: 'Asia/Kolkata',
  qualified_only: false,
  market_price: 1050.5,
  open_now: true,
  next_open_at: null,
  qualified: false,
  settle_currency: 'INR',
  fx_rate: 1,
  margin_bps: 3,
  max_count: 0,
  ...over,
});

const order = (id: number, over: Partial<Order> = {}): Order => ({
  id,
  no: `B-${id}`,
  tag: 'RELIANCE.NS',
  name: 'Reliance Industries',
  market: 'IN',
  type: 'stock',
  mold: 'bulk',
  state: 'buy',
  kind: 'market',
  tif: 'day',
  count: 500,
  price: 1000,
  limit_price: null,
  sell_price: null,
  currency: 'INR',
  fx_rate: 1,
  sell_fx_rate: null,
  price_all: 50_000_000,
  fee: 15_000,
  cost: 50_015_000,
  held: 0,
  value: null,
  unrealized_pnl: null,
  sell_amount: null,
  sell_fee: null,
  realized_pnl: null,
  status: 1,
  status_label: 'success',
  created_at: '2026-11-26T05:00:00.000Z',
  filled_at: '2026-11-26T05:00:00.000Z',
  sold_at: null,
  expires_at: null,
  closed_at: null,
  ...over,
});

// ₹1,000,000.00 available: at ₹1,000 a share plus 0.03%, 999 shares (1000 would cost ₹1,000,300).
const BALANCE = 100_000_000;

let offers: Offer[];
let passwordSet: boolean;
beforeAll(() => setup(texts));
beforeEach(() => {
  passwordSet = true;
  offers = [
    offer(1, { max_count: 999 }),
    offer(2, {
      max_count: 56,
      tag: 'AAPL',
      name: 'Apple Inc.',
      type: 'US',
      currency: 'USD',
      price: 200,
      market_price: 210,
      count: 0,
      fx_rate: 88,
      open_now: false,
      next_open_at: '2026-11-26T14:30:00.000Z',
    }),
    offer(3, { tag: 'TCS.NS', name: 'Tata Consultancy', qualified_only: true }),
  ];
  answer(handlers());
});
const handlers = (): Record<string, Handler> => ({
  '/v2/config': () => CONFIG,
  '/stock/success/v2/balance': () => ({ balance: BALANCE }),
  '/stock/success/user/password/state': () => ({
    is_set: passwordSet,
    locked_until: null,
  }),
  '/stock/success/stock/list': ({ mold, code }) => {
    const rows = offers.map((o) => ({ ...o, mold })).filter((o) => !code || o.tag.toLowerCase().includes(code.toLowerCase()));
    return { rows, count: rows.length };
  },
  '/stock/success/deal/buy': (input) => order(9, { count: input.count, mold: input.mold }),
  '/stock/success/deal/list': ({ status }) => {
    const rows = [order(1), order(2, { status: 2, status_label: 'cancelled' })].filter((o) => !status || (status === 1 ? o.status === 1 : o.status !== 1));
    return { rows, count: rows.length };
  },
});
afterEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
});

const openBuy = async (index = 0) => {
  const cards = await screen.findAllByTestId('offer');
  fireEvent.click(within(cards[index]!).getByRole('button', { name: 'Buy' }));
  const dialog = screen.getByRole('dialog');
  // The balance and the transaction password's state arrive after the dialog opens.
  await act(async () => {});
  await act(async () => {});
  return dialog;
};
const quantity = (dialog: HTMLElement) => within(dialog).getByLabelText('Quantity (shares)') as HTMLInputElement;
const confirm = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;

describe('offers', () => {
  it('lists offers with market price, block price and minimum; links to the orders', async () => {
    renderAt('/block-trading', <AppRoutes />);
    const cards = await screen.findAllByTestId('offer');
    expect(inputsOf('/stock/success/stock/list')[0]).toEqual({
      mold: 'bulk',
      page: 1,
      limit: 100,
    });
    expect(within(cards[0]!).getByTestId('market-price').textContent).toBe('₹1,050.50');
    expect(within(cards[0]!).getByTestId('block-price').textContent).toBe('₹1,000.00');
    expect(within(cards[0]!).getByTestId('minimum').textContent).toBe('100');
    expect(within(cards[1]!).getByTestId('block-price').textContent).toBe('US$200.00');
    expect(within(cards[1]!).getByText(/Closed now; opens/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/block-trading/orders');
  });

  it('the market price follows the live quotes while the list is open; the block price stays', async () => {
    const streams: { url: string; emit: (type: string, data: unknown) => void; onopen: (() => void) | null }[] = [];
    class FakeEventSource {
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
      constructor(readonly url: string) {
        streams.push(this);
      }
      addEventListener(type: string, fn: (e: MessageEvent) => void) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
      }
      close() {}
      emit(type: string, data: unknown) {
        for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
      }
    }
    (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
    try {
      renderAt('/block-trading', <AppRoutes />);
      const cards = await screen.findAllByTestId('offer');
      const es = streams.at(-1)!;
      expect(es.url).toBe('/api/v2/quotes/stream?symbols=AAPL,RELIANCE.NS,TCS.NS');
      act(() => es.onopen?.());
      act(() => es.emit('quote', quote('RELIANCE.NS', { price: 1061.25 })));
      await waitFor(() => expect(within(cards[0]!).getByTestId('market-price').textContent).toBe('₹1,061.25'));
      expect(within(cards[0]!).getByTestId('block-price').textContent).toBe('₹1,000.00');
    } finally {
      delete (globalThis as Record<string, unknown>).EventSource;
    }
  });

  it('says the hours and the next opening in the offer market’s own zone, named', async () => {
    offers[1] = { ...offers[1]!, windows: [{ open: '09:30', close: '16:00' }], time_zone: 'America/New_York' };
    renderAt('/block-trading', <AppRoutes />);
    const cards = await screen.findAllByTestId('offer');
    expect(within(cards[0]!).getByTestId('hours').textContent).toBe('09:15–15:30 GMT+5:30');
    expect(within(cards[1]!).getByTestId('hours').textContent).toBe('09:30–16:00 EST');
    // 14:30 UTC is 09:30 in New York: the opening the hours name, not the reader's clock.
    expect(within(cards[1]!).getByText('Closed now; opens 11/26/2026, 09:30 EST')).toBeTruthy();
  });

  it('a qualified-only offer tells a user who is not qualified why they cannot buy it', async () => {
    renderAt('/block-trading', <AppRoutes />);
    const cards = await screen.findAllByTestId('offer');
    expect(within(cards[0]!).queryByTestId('qualified-note')).toBeNull();
    expect(within(cards[2]!).getByTestId('qualified-note').textContent).toMatch(/qualified investors only/);
    expect(
      (
        within(cards[2]!).getByRole('button', {
          name: 'Buy',
        }) as HTMLButtonElement
      ).disabled
    ).toBe(true);
  });

  it('QIP lists and books with mold finalize; searching by code sends the code', async () => {
    renderAt('/qip', <AppRoutes />);
    await screen.findAllByTestId('offer');
    expect(inputsOf('/stock/success/stock/list')[0]).toEqual({
      mold: 'finalize',
      page: 1,
      limit: 100,
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by code' }), { target: { value: 'tcs' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('Tata Consultancy')).toBeTruthy();
    expect(inputsOf('/stock/success/stock/list').at(-1)).toEqual({
      mold: 'finalize',
      page: 1,
      limit: 100,
      code: 'tcs',
    });
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/qip/orders');
  });
});

describe('buy dialog', () => {
  it('defaults to the most the balance affords, floor(balance / (price + 0.03%)); Max sets it; the total includes the margin', async () => {
    // A balance that moved since the list was loaded: the default follows it.
    answer({
      ...handlers(),
      '/stock/success/v2/balance': () => ({ balance: BALANCE / 2 }),
    });
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy();
    await waitFor(() => expect(quantity(dialog).value).toBe('499'));
    expect(within(dialog).getByTestId('block-total').textContent).toBe('₹499,149.70');
    fireEvent.change(quantity(dialog), { target: { value: '300' } });
    expect(within(dialog).getByTestId('block-total').textContent).toBe('₹300,090.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(quantity(dialog).value).toBe('499');
  });

  it('converts a US offer’s price to the deployment currency for the default and the total; the minimum falls back to 100', async () => {
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy(1);
    // $200 × 88 = ₹17,600 a share (+0.03%): 56 shares of ₹1,000,000.
    expect(quantity(dialog).value).toBe('100');
    expect(within(dialog).getByText(/does not cover the minimum of 100 shares/)).toBeTruthy();
    expect(within(dialog).getByTestId('block-total').textContent).toBe('₹1,760,528.00');
  });

  it('takes digits only; the minus step never goes below the minimum; the minimum hint shows after 3 s idle', async () => {
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy();
    jest.useFakeTimers();
    fireEvent.change(quantity(dialog), { target: { value: '1x0-1' } });
    expect(quantity(dialog).value).toBe('101');
    const less = within(dialog).getByRole('button', {
      name: 'One share fewer',
    }) as HTMLButtonElement;
    fireEvent.click(less);
    expect(quantity(dialog).value).toBe('100');
    expect(less.disabled).toBe(true);
    fireEvent.change(quantity(dialog), { target: { value: '50' } });
    expect(within(dialog).queryByTestId('min-hint')).toBeNull();
    await act(async () => void jest.advanceTimersByTime(2999));
    expect(within(dialog).queryByTestId('min-hint')).toBeNull();
    await act(async () => void jest.advanceTimersByTime(1));
    expect(within(dialog).getByTestId('min-hint').textContent).toBe('Minimum 100 shares');
    expect(confirm(dialog).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'One share more' }));
    expect(quantity(dialog).value).toBe('100');
  });

  it('needs the transaction code: "Please enter all required fields" until it is there, then books with mold, id and stock_password', async () => {
    const toasts = collectToasts();
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy();
    expect(confirm(dialog).disabled).toBe(true);
    const code = within(dialog).getByLabelText('Transaction code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.change(code, { target: { value: '' } });
    expect(within(dialog).getByTestId('required').textContent).toBe('Please enter all required fields');
    fireEvent.change(code, { target: { value: '123456' } });
    expect(within(dialog).queryByTestId('required')).toBeNull();
    await act(async () => void fireEvent.click(confirm(dialog)));
    expect(inputsOf('/stock/success/deal/buy')).toEqual([
      {
        tag: 'RELIANCE.NS',
        count: 999,
        price: 1000,
        mold: 'bulk',
        id: 1,
        stock_password: '123456',
        kind: 'market',
        tif: 'day',
      },
    ]);
    expect(toasts.messages).toContain('Purchase successful');
    expect(screen.queryByRole('dialog')).toBeNull();
    toasts.stop();
  });

  it('a wrong code or a closed window says why', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    let refusal = 'authorizationKeyIncorrect';
    answer({
      '/v2/config': () => CONFIG,
      '/stock/success/v2/balance': () => ({ balance: BALANCE }),
      '/stock/success/user/password/state': () => ({
        is_set: true,
        locked_until: null,
      }),
      '/stock/success/stock/list': () => ({
        rows: offers,
        count: offers.length,
      }),
      '/stock/success/deal/buy': () => {
        throw new ApiError(422, refusal);
      },
    });
    renderAt('/block-trading', <AppRoutes />);
    const toasts = collectToasts();
    const dialog = await openBuy();
    fireEvent.change(within(dialog).getByLabelText('Transaction code'), {
      target: { value: '000000' },
    });
    await act(async () => void fireEvent.click(confirm(dialog)));
    expect(within(dialog).getByTestId('buy-failed').textContent).toBe('Incorrect authorization key');
    refusal = 'noAvailableTime';
    await act(async () => void fireEvent.click(confirm(dialog)));
    expect(within(dialog).getByTestId('buy-failed').textContent).toBe('No available time');
    // Said once, in the dialog: no toast over its buttons that would outlive a corrected try.
    expect(toasts.messages).toEqual([]);
    toasts.stop();
  });

  it('a buy refused for want of a transaction password reads its state again and prompts to set one', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    // The state said set when the dialog opened; the password went since (another session reset it).
    answer({
      ...handlers(),
      '/stock/success/deal/buy': () => {
        passwordSet = false;
        throw new ApiError(422, 'tradePasswordNotSet');
      },
    });
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy();
    fireEvent.change(within(dialog).getByLabelText('Transaction code'), { target: { value: '123456' } });
    await act(async () => void fireEvent.click(confirm(dialog)));
    const prompt = await within(dialog).findByTestId('set-password');
    expect(within(prompt).getByRole('link', { name: 'Set transaction password' }).getAttribute('href')).toBe('/settings');
    expect(confirm(dialog).disabled).toBe(true);
  });

  it('without a transaction password, it prompts to set one where it is set', async () => {
    passwordSet = false;
    renderAt('/block-trading', <AppRoutes />);
    const dialog = await openBuy();
    const prompt = await within(dialog).findByTestId('set-password');
    expect(within(prompt).getByRole('link', { name: 'Set transaction password' }).getAttribute('href')).toBe('/settings');
    expect(within(dialog).queryByLabelText('Transaction code')).toBeNull();
    expect(confirm(dialog).disabled).toBe(true);
  });
});

it('a transaction password locked by wrong codes says so', async () => {
  answer({ ...handlers(), '/stock/success/user/password/state': () => ({ is_set: true, locked_until: '2026-11-26T06:00:00.000Z' }) });
  renderAt('/block-trading', <AppRoutes />);
  const dialog = await openBuy();
  expect((await within(dialog).findByTestId('password-locked')).textContent).toBe('Too many wrong transaction passwords. It is locked for 15 minutes.');
});

describe('block orders', () => {
  it('tabs All, Failed, Success send status 0, 2, 1 with the mold; 1 is success, anything else failed', async () => {
    renderAt('/block-trading/orders', <AppRoutes />);
    const rows = await screen.findAllByTestId('block-order');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Failed', 'Success']);
    expect(inputsOf('/stock/success/deal/list')[0]).toEqual({
      mold: 'bulk',
      status: 0,
      page: 1,
      limit: 20,
    });
    expect(rows.map((r) => within(r).getByTestId('status').textContent)).toEqual(['Success', 'Failed']);
    expect(rows[0]!.getAttribute('href')).toBe('/stock/v2/RELIANCE.NS/Reliance%20Industries');
    fireEvent.click(screen.getByRole('tab', { name: 'Failed' }));
    await act(async () => {});
    expect(inputsOf('/stock/success/deal/list').at(-1)).toEqual({
      mold: 'bulk',
      status: 2,
      page: 1,
      limit: 20,
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Success' }));
    await act(async () => {});
    expect(inputsOf('/stock/success/deal/list').at(-1)).toEqual({
      mold: 'bulk',
      status: 1,
      page: 1,
      limit: 20,
    });
  });

  it('QIP orders ask with mold finalize; no orders says so', async () => {
    answer({
      '/v2/config': () => CONFIG,
      '/stock/success/deal/list': () => ({ rows: [], count: 0 }),
    });
    renderAt('/qip/orders', <AppRoutes />);
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('No orders yet');
    expect(inputsOf('/stock/success/deal/list')[0]).toEqual({
      mold: 'finalize',
      status: 0,
      page: 1,
      limit: 20,
    });
  });
});
