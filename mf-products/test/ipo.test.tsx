import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError, type Ipo, type IpoOrder } from '@invest/shared';
import { answer, collectToasts, goOffline, goOnline, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

const CONFIG = [{ tag: 'currency', value: 'INR' }];

const ipo = (id: number, over: Partial<Ipo> = {}): Ipo => ({
  id,
  series: 'EQ',
  symbol: `NEWCO${id}.NS`,
  company_name: `New Company ${id}`,
  status: 'Forthcoming',
  issue_price: 250,
  min: 100,
  max: 1000,
  issue_start_date: '2026-11-25',
  issue_end_date: '2026-11-28',
  lot: 100,
  market: 'IN',
  currency: 'INR',
  can_apply: true,
  mine: null,
  created_at: '2026-11-20T00:00:00.000Z',
  ...over,
});

const record = (id: number, over: Partial<IpoOrder> = {}): IpoOrder => ({
  id,
  tag: 'NEWCO1.NS',
  no: `IPO-${id}`,
  market: 'IN',
  type: 'stock',
  mold: 'ipo',
  state: 'buy',
  count: 300,
  price: 250,
  sell_price: null,
  price_all: 7_500_000,
  status: 1,
  created_at: '2026-11-26T09:00:00.000Z',
  ipo_id: 1,
  company_name: 'New Company 1',
  currency: 'INR',
  applied: 300,
  allotted: 0,
  held: 7_500_000,
  captured: 0,
  released: 0,
  lot_no: null,
  sell_fee: null,
  pnl: null,
  settled_at: null,
  ...over,
});

let issues: Ipo[];
let applications: IpoOrder[];
let sales: IpoOrder[];
beforeAll(() => setup(texts));
beforeEach(() => {
  issues = [ipo(1), ipo(2, { status: 'Upcoming', min: 0, max: 0, can_apply: false }), ipo(3, { status: 'Closed', can_apply: false })];
  applications = [
    record(1),
    record(2, { status: 2, count: 100, allotted: 100, price_all: 2_500_000, captured: 2_500_000, released: 5_000_000, held: 7_500_000 }),
    record(3, { status: 3, price_all: 0, released: 7_500_000 }),
  ];
  sales = [record(4, { tag: 'NEWCO1.BO', state: 'sell', status: 1, count: 100, sell_price: 280, price_all: 2_800_000, pnl: 299_160, sell_fee: 840, held: 0 })];
  answer({
    '/v2/config': () => CONFIG,
    '/client/ipo': () => issues,
    '/stock/success/ipo/buy': ({ id, count }) => record(9, { ipo_id: id, count, applied: count }),
    '/stock/success/ipo/list': ({ tab, page, limit }) => {
      const rows = tab === 1 ? sales : applications;
      return { rows: rows.slice((page - 1) * limit, page * limit), count: rows.length };
    },
  });
});
afterEach(() => jest.clearAllMocks());

const apply = async (index = 0) => {
  const cards = await screen.findAllByTestId('ipo');
  fireEvent.click(within(cards[index]!).getByRole('button', { name: 'Apply' }));
  return screen.getByRole('dialog');
};
const qty = (dialog: HTMLElement) => within(dialog).getByLabelText('Quantity (shares)') as HTMLInputElement;

describe('IPO list', () => {
  it('shows series, company, code, issue price, min, max and dates; TBA when min and max are both 0', async () => {
    renderAt('/ipo', <AppRoutes />);
    const cards = await screen.findAllByTestId('ipo');
    expect(cards).toHaveLength(3);
    const first = cards[0]!;
    expect(within(first).getByText('EQ')).toBeTruthy();
    expect(within(first).getByText('New Company 1')).toBeTruthy();
    expect(within(first).getByText('NEWCO1')).toBeTruthy();
    expect(within(first).getByText('₹250.00')).toBeTruthy();
    expect(within(first).getByTestId('ipo-min').textContent).toBe('100');
    expect(within(first).getByTestId('ipo-max').textContent).toBe('1,000');
    expect(within(first).getByText('11/25/2026 – 11/28/2026')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('ipo-min').textContent).toBe('TBA');
    expect(within(cards[1]!).getByTestId('ipo-max').textContent).toBe('TBA');
  });

  it('only a Forthcoming issue can be applied for; the others show a disabled button', async () => {
    renderAt('/ipo', <AppRoutes />);
    const cards = await screen.findAllByTestId('ipo');
    const buttons = cards.map((c) => within(c).getByRole('button', { name: 'Apply' }) as HTMLButtonElement);
    expect(buttons.map((b) => b.disabled)).toEqual([false, true, true]);
    expect(within(cards[1]!).getByText('Upcoming')).toBeTruthy();
  });

  it('an issue applied for says what is held and cannot be applied for again', async () => {
    issues = [ipo(1, { can_apply: false, mine: { no: 'IPO-1', count: 300, status: 1, allotted: 0, held: 7_500_000 } })];
    renderAt('/ipo', <AppRoutes />);
    const card = (await screen.findAllByTestId('ipo'))[0]!;
    expect(within(card).getByTestId('ipo-mine').textContent).toBe('You applied for 300 shares: ₹75,000.00 held until allotment');
    expect((within(card).getByRole('button', { name: 'Applied' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offline, the issues on screen say they may be out of date; back online the note goes and they load again', async () => {
    renderAt('/ipo', <AppRoutes />);
    expect(await screen.findAllByTestId('ipo')).toHaveLength(3);
    act(() => goOffline());
    expect(screen.getByTestId('stale-notice').textContent).toMatch(/^Offline — last updated \d\d:\d\d$/);
    expect(screen.getAllByTestId('ipo')).toHaveLength(3);
    await act(async () => goOnline());
    expect(screen.queryByTestId('stale-notice')).toBeNull();
    expect(inputsOf('/client/ipo')).toHaveLength(2);
  });
});

describe('apply dialog', () => {
  it('takes digits only, clamped to min..max; steps of 100; min and max buttons; the total', async () => {
    renderAt('/ipo', <AppRoutes />);
    const dialog = await apply();
    expect(qty(dialog).value).toBe('100');
    expect(within(dialog).getByTestId('ipo-total').textContent).toBe('₹25,000.00');
    // Minus never goes below the minimum.
    expect((within(dialog).getByRole('button', { name: '100 fewer shares' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '100 more shares' }));
    expect(qty(dialog).value).toBe('200');
    fireEvent.change(qty(dialog), { target: { value: '4a5b0' } });
    expect(qty(dialog).value).toBe('450');
    fireEvent.change(qty(dialog), { target: { value: '99999' } });
    expect(qty(dialog).value).toBe('1000');
    expect((within(dialog).getByRole('button', { name: '100 more shares' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(qty(dialog), { target: { value: '5' } });
    fireEvent.blur(qty(dialog));
    expect(qty(dialog).value).toBe('100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max 1,000' }));
    expect(qty(dialog).value).toBe('1000');
    expect(within(dialog).getByTestId('ipo-total').textContent).toBe('₹250,000.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Min 100' }));
    expect(qty(dialog).value).toBe('100');
  });

  it('says plainly that the amount is held, not debited, and applies with the issue’s id, code, quantity and price', async () => {
    const toasts = collectToasts();
    renderAt('/ipo', <AppRoutes />);
    const dialog = await apply();
    expect(within(dialog).getByTestId('hold-note').textContent).toMatch(/held from your balance, not debited/);
    fireEvent.click(within(dialog).getByRole('button', { name: '100 more shares' }));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' })));
    expect(inputsOf('/stock/success/ipo/buy')).toEqual([{ id: 1, tag: 'NEWCO1.NS', count: 200, price: 250 }]);
    expect(toasts.messages).toContain('Application submitted: the amount is held until allotment');
    expect(screen.queryByRole('dialog')).toBeNull();
    toasts.stop();
  });

  it('a refusal says why and keeps the dialog', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({
      '/v2/config': () => CONFIG,
      '/client/ipo': () => issues,
      '/stock/success/ipo/buy': () => {
        throw new ApiError(409, 'ipoAlreadyApplied');
      },
    });
    const toasts = collectToasts();
    renderAt('/ipo', <AppRoutes />);
    const dialog = await apply();
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' })));
    expect(toasts.messages).toEqual(['You have already applied for this IPO']);
    expect(screen.getByRole('dialog')).toBeTruthy();
    toasts.stop();
  });
});

describe('IPO records', () => {
  it('Application Records: 1 pending, 2 success, 3 failed; quantity and total for status 2; what was held and released', async () => {
    renderAt('/ipo/orders', <AppRoutes />);
    const rows = await screen.findAllByTestId('ipo-order');
    expect(inputsOf('/stock/success/ipo/list')[0]).toEqual({ tab: 0, page: 1, limit: 20 });
    expect(rows.map((r) => within(r).getByTestId('status').textContent)).toEqual(['Pending', 'Success', 'Failed']);
    const [pending, success, failed] = rows;
    expect(within(pending!).getByText('NEWCO1')).toBeTruthy();
    expect(within(pending!).getByText('Buy')).toBeTruthy();
    expect(within(pending!).queryByText(/Qty/)).toBeNull();
    expect(within(pending!).getByTestId('ipo-held').textContent).toBe('₹75,000.00 held until allotment');
    expect(within(success!).getByText(/Qty 100/)).toBeTruthy();
    expect(within(success!).getByTestId('ipo-total').textContent).toBe('₹25,000.00');
    expect(within(success!).getByTestId('ipo-released').textContent).toBe('₹50,000.00 released to your balance');
    expect(within(failed!).getByTestId('ipo-released').textContent).toBe('₹75,000.00 released to your balance');
    expect(pending!.getAttribute('href')).toBe('/stock/v2/NEWCO1.NS/NEWCO1.NS');
  });

  it('Sales Record: sell label, sell price and P&L; status 1 success, anything else failed', async () => {
    sales.push(record(5, { state: 'sell', status: 0, sell_price: 240, price_all: 0, pnl: -100_000 }));
    renderAt('/ipo/orders', <AppRoutes />);
    await screen.findAllByTestId('ipo-order');
    fireEvent.click(screen.getByRole('tab', { name: 'Sales Record' }));
    await act(async () => {});
    const rows = await screen.findAllByTestId('ipo-order');
    expect(inputsOf('/stock/success/ipo/list').at(-1)).toEqual({ tab: 1, page: 1, limit: 20 });
    expect(rows.map((r) => within(r).getByTestId('status').textContent)).toEqual(['Success', 'Failed']);
    expect(within(rows[0]!).getByText('NEWCO1')).toBeTruthy();
    expect(within(rows[0]!).getByText('Sell')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Sold at ₹280.00/)).toBeTruthy();
    expect(within(rows[0]!).getByTestId('ipo-pnl').textContent).toBe('P&L +₹2,991.60');
    expect(within(rows[1]!).getByTestId('ipo-pnl').textContent).toBe('P&L -₹1,000.00');
    expect(rows[0]!.getAttribute('href')).toBe('/stock/v2/NEWCO1.BO/NEWCO1.BO');
  });

  it('says when there are no records', async () => {
    applications = [];
    renderAt('/ipo/orders', <AppRoutes />);
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('No applications yet');
  });
});
