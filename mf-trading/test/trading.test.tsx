import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, chart, collectToasts, deferred, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, order, RULES } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const PATH = '/stock/trading/RELIANCE.NS/IN/Reliance';
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';

function serve(over: Record<string, (input: any) => unknown> = {}, price = 100) {
  return answer({
    '/v2/config': () => CONFIG,
    '/stock/success/deal/rules': () => RULES,
    '/v2/yahoo': ({ symbol }) => chart(symbol, { price, high: price + 5, low: price - 5 }),
    '/stock/success/deal/orders': () => ({ rows: [order('B1')], count: 1 }),
    '/stock/success/v2/user/info': () => ({ id: 1, user: '9000000001', no: '10000001', img: '', total: 5_000_000, money: 4_000_000, loan: 0 }),
    [BUY]: (input) => order('B9', { count: input.count, price: input.price }),
    ...over,
  });
}

async function open(path = PATH) {
  renderAt(path, <AppRoutes />);
  await screen.findByTestId('live-price');
}
const qty = () => screen.getByLabelText('Quantity') as HTMLInputElement;
const setQty = (v: string) => fireEvent.change(qty(), { target: { value: v } });
const submit = () => screen.getByTestId('submit-buy') as HTMLButtonElement;
const positionButton = (name: 'Half position' | 'Full position') => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Half and Full answer once the balance, the fee rule and the price are in. */
const positionsReady = () => waitFor(() => expect(positionButton('Full position').disabled).toBe(false));

it('shows the live price, high and low, and the lots of this stock with a Sell button each', async () => {
  serve();
  await open();
  expect(screen.getByTestId('live-price').textContent).toBe('₹100.00');
  expect(screen.getByTestId('high').textContent).toBe('105.00');
  expect(screen.getByTestId('low').textContent).toBe('95.00');
  expect(await screen.findAllByTestId('ticket-lot')).toHaveLength(1);
  // The lot's P&L follows the live price (₹100.00 × 10 − cost ₹1,001.00), not the API's value when the list loaded.
  expect(screen.getByTestId('lot-pnl').textContent).toBe('-₹1.00');
  expect(screen.getByRole('button', { name: 'Sell lot B1' })).toBeTruthy();
  expect(inputsOf('/stock/success/deal/orders')[0]).toEqual({ status: 1, tag: 'RELIANCE.NS', state: 'buy', page: 1, limit: 100 });
});

it('quantity rules: at least 1, at most 50 for half and 100 for full, with the spec messages', async () => {
  serve();
  await open();
  await positionsReady();
  setQty('0');
  expect(screen.getByTestId('qty-error').textContent).toBe('Quantity cannot be less than 1');
  expect(submit().disabled).toBe(true);
  setQty('');
  expect(screen.getByTestId('qty-error').textContent).toBe('Quantity cannot be less than 1');

  fireEvent.click(screen.getByRole('button', { name: 'Half position' }));
  expect(qty().value).toBe('50');
  expect(screen.queryByTestId('qty-error')).toBeNull();
  expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
  setQty('51');
  expect(screen.getByTestId('qty-error').textContent).toBe('Cannot exceed 50 for half position');
  expect(submit().disabled).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Full position' }));
  expect(qty().value).toBe('100');
  expect(screen.queryByTestId('qty-error')).toBeNull();
  setQty('101');
  expect(screen.getByTestId('qty-error').textContent).toBe('Cannot exceed 100 for full position');
  setQty('99');
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(qty().value).toBe('100');
  expect(submit().disabled).toBe(false);
});

describe('Half and Full propose what the available balance buys, fee included', () => {
  const withMoney = (money: number) => ({ '/stock/success/v2/user/info': () => ({ id: 1, user: '9000000001', no: '10000001', img: '', total: money, money, loan: 0 }) });

  it('Full is the most that fits with the fee (49 at ₹100 for ₹5,000, not 100), Half half of it', async () => {
    serve(withMoney(500_000));
    await open();
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    expect(qty().value).toBe('49');
    // 49 × ₹100 + ₹1.47 fee = ₹4,901.47, within ₹5,000.00; 50 would be ₹5,001.50.
    expect(screen.getByTestId('preview-total').textContent).toBe('₹4,901.47');
    expect(screen.queryByTestId('over-balance')).toBeNull();
    fireEvent.click(positionButton('Half position'));
    expect(qty().value).toBe('24');
    expect(positionButton('Half position').getAttribute('aria-pressed')).toBe('true');
  });

  it('follows the price on screen when tapped: after a rise the total is flagged, and Full proposes less', async () => {
    let price = 100;
    serve({ ...withMoney(500_000), '/v2/yahoo': ({ symbol }) => chart(symbol, { price, asOf: 1_700_000_000_000 + price }) });
    const { client } = renderAt(PATH, <AppRoutes />);
    await screen.findByTestId('live-price');
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    expect(qty().value).toBe('49');

    price = 200;
    await act(() => client.refetchQueries());
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('₹200.00'));
    expect(screen.getByTestId('over-balance').textContent).toBe('The total is more than your available balance');
    fireEvent.click(positionButton('Full position'));
    // 24 × ₹200 + ₹1.44 = ₹4,801.44.
    expect(qty().value).toBe('24');
    expect(screen.queryByTestId('over-balance')).toBeNull();
  });

  it('a balance that buys nothing says so instead of proposing 1', async () => {
    serve(withMoney(5_000));
    await open();
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    expect(screen.getByTestId('cannot-afford').textContent).toBe('Your available balance does not buy one unit at this price');
    expect(qty().value).toBe('1');
    expect(positionButton('Full position').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(positionButton('Half position'));
    expect(qty().value).toBe('1');
  });

  it('after a purchase the ticket starts again from one unit, not from a size the spent balance no longer buys', async () => {
    let money = 500_000;
    serve({ '/stock/success/v2/user/info': () => ({ id: 1, user: '9000000001', no: '10000001', img: '', total: money, money, loan: 0 }) });
    const { client } = renderAt(PATH, <AppRoutes />);
    await screen.findByTestId('live-price');
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    expect(qty().value).toBe('49');
    money = 9_853;
    fireEvent.click(submit());
    await waitFor(() => expect(inputsOf(BUY)).toHaveLength(1));
    await waitFor(() => expect(qty().value).toBe('1'));
    await act(() => client.refetchQueries());
    expect(positionButton('Full position').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('cannot-afford')).toBeNull();
  });

  it('a US stock counts the exchange rate: $10 at 80 with ₹40,000 buys 49', async () => {
    serve({
      '/v2/yahoo': ({ symbol }) =>
        symbol === 'USDINR' ? chart('USDINR', { price: 80, market: 'FOREX', currency: 'INR' }) : chart(symbol, { price: 10, market: 'US', currency: 'USD' }),
    });
    await open('/stock/trading/AAPL/US/Apple');
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    // 49 × $10 × 80 = ₹39,200.00 + ₹11.76 fee; 50 would be ₹40,012.00.
    expect(qty().value).toBe('49');
  });

  it('while the market is closed, the collar the resting order holds is counted too', async () => {
    serve({ ...withMoney(1_000_000), '/v2/yahoo': ({ symbol }) => chart(symbol, { price: 100, marketOpen: false }) });
    await open();
    await positionsReady();
    fireEvent.click(positionButton('Full position'));
    // Held at ₹101 (1% collar): 98 × ₹101 + ₹2.97 = ₹9,900.97; 99 would hold ₹10,002.00.
    expect(qty().value).toBe('98');
  });
});

it('the stepper never goes below 1', async () => {
  serve();
  await open();
  expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(qty().value).toBe('2');
  fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
  expect(qty().value).toBe('1');
});

it('previews price, amount, fee (the published bps, at least the minimum) and the total', async () => {
  serve({}, 2500);
  await open();
  setQty('100');
  expect(screen.getByTestId('preview-price').textContent).toBe('₹2,500.00');
  expect(screen.getByTestId('preview-amount').textContent).toBe('₹250,000.00');
  // 3 bps of 250,000.00 = 75.00
  expect(screen.getByTestId('preview-fee').textContent).toBe('₹75.00');
  expect(screen.getByTestId('preview-total').textContent).toBe('₹250,075.00');
  // A small order pays the minimum fee (1 unit).
  setQty('1');
  expect(screen.getByTestId('preview-fee').textContent).toBe('₹1.00');
  expect(screen.getByTestId('preview-total').textContent).toBe('₹2,501.00');
  // No exchange rate line: the stock is quoted in the deployment's currency.
  expect(screen.queryByTestId('preview-fx')).toBeNull();
  // What the user can spend, beside the total.
  expect((await screen.findByTestId('available')).textContent).toBe('₹40,000.00');
});

it('a limit order previews at its limit price and sends it', async () => {
  serve();
  await open();
  fireEvent.click(screen.getByRole('button', { name: 'Limit' }));
  expect(submit().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '90' } });
  setQty('10');
  expect(screen.getByTestId('preview-total').textContent).toBe('₹901.00');
  fireEvent.click(submit());
  await waitFor(() => expect(inputsOf(BUY)).toHaveLength(1));
  expect(inputsOf(BUY)[0]).toMatchObject({ tag: 'RELIANCE.NS', count: 10, price: 100, kind: 'limit', limit_price: 90 });
});

it('a double tap submits once, with an Idempotency-Key; success says so', async () => {
  const toasts = collectToasts();
  const answerLater = deferred<unknown>();
  const server = serve({ [BUY]: () => answerLater.promise });
  await open();
  setQty('5');
  fireEvent.click(submit());
  fireEvent.click(submit());
  await waitFor(() => expect(inputsOf(BUY)).toHaveLength(1));
  expect(submit().disabled).toBe(true);
  const init = server.mock.calls.find(([url]) => String(url).includes(BUY))?.[1] as RequestInit;
  expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  await act(async () => answerLater.resolve(order('B9', { count: 5 })));
  await waitFor(() => expect(toasts.messages).toContain('Purchase successful'));
  expect(inputsOf(BUY)).toHaveLength(1);
  toasts.stop();
});

it('a resting order says the request was submitted', async () => {
  const toasts = collectToasts();
  serve({ [BUY]: () => order('B9', { status: 0, status_label: 'pending', value: null, unrealized_pnl: null, fx_rate: null, held: 100_100 }) });
  await open();
  fireEvent.click(submit());
  await waitFor(() => expect(toasts.messages).toContain('Request submitted'));
  toasts.stop();
});

it('the price moved: shows the price the refusal carries, and a confirm resubmits with it as the seen price', async () => {
  const toasts = collectToasts();
  let tries = 0;
  serve({
    // The quote on screen has not caught up: the dialog shows the engine's price from the refusal, not the quote's.
    '/v2/yahoo': ({ symbol }) => chart(symbol, { price: 100 }),
    [BUY]: (input) => {
      tries += 1;
      if (tries === 1) throw new ApiError(409, 'priceMoved', { price: 104.5, seen: 100, collar_bps: 100 });
      return order('B9', { count: input.count, price: input.price });
    },
  });
  await open();
  fireEvent.click(submit());
  const dialog = await screen.findByRole('dialog', { name: 'The price has changed' });
  expect(within(dialog).getByText('The price is now ₹104.50. Do you want to continue at this price?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue at the new price' }));
  await waitFor(() => expect(toasts.messages).toContain('Purchase successful'));
  expect(inputsOf(BUY).map((i) => i.price)).toEqual([100, 104.5]);
  toasts.stop();
});

it('the price moved on a sale: the confirm sells at the price the refusal carries', async () => {
  const toasts = collectToasts();
  let tries = 0;
  serve({
    [SELL]: ({ no }) => {
      tries += 1;
      if (tries === 1) throw new ApiError(409, 'priceMoved', { price: 97, seen: 100, collar_bps: 100 });
      return order(no, { state: 'sell', sell_price: 97, value: null, unrealized_pnl: null, sell_amount: 97_000, sell_fee: 100, realized_pnl: -3_200 });
    },
  });
  await open(`${PATH}?type=sell`);
  fireEvent.click(await screen.findByRole('button', { name: 'Sell lot B1' }));
  fireEvent.click(within(await screen.findByRole('dialog', { name: 'Sell this lot?' })).getByRole('button', { name: 'Sell' }));
  const dialog = await screen.findByRole('dialog', { name: 'The price has changed' });
  expect(within(dialog).getByText('The price is now ₹97.00. Do you want to continue at this price?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue at the new price' }));
  await waitFor(() => expect(toasts.messages).toContain('Sold successfully'));
  expect(inputsOf(SELL)).toEqual([
    { no: 'B1', price: 100, sell_price: 100 },
    { no: 'B1', price: 100, sell_price: 97 },
  ]);
  toasts.stop();
});

it('the price moved without a (valid) price in the refusal: the dialog falls back to the quote fetched again', async () => {
  const toasts = collectToasts();
  let price = 100;
  let tries = 0;
  serve({
    '/v2/yahoo': ({ symbol }) => chart(symbol, { price }),
    [BUY]: (input) => {
      tries += 1;
      if (tries === 1) {
        price = 104;
        throw new ApiError(409, 'priceMoved', { price: 'soon', seen: 100, collar_bps: 100 });
      }
      return order('B9', { count: input.count, price: input.price });
    },
  });
  await open();
  fireEvent.click(submit());
  const dialog = await screen.findByRole('dialog', { name: 'The price has changed' });
  expect(within(dialog).getByText('The price is now ₹104.00. Do you want to continue at this price?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue at the new price' }));
  await waitFor(() => expect(toasts.messages).toContain('Purchase successful'));
  expect(inputsOf(BUY).map((i) => i.price)).toEqual([100, 104]);
  toasts.stop();
});

it('refusals show their messages: insufficient funds, stale exchange rate', async () => {
  const toasts = collectToasts();
  let key = 'insufficientFunds';
  serve({
    [BUY]: () => {
      throw new ApiError(422, key);
    },
  });
  await open();
  fireEvent.click(submit());
  await waitFor(() => expect(toasts.messages).toContain('Insufficient funds'));
  key = 'exchangeRateStale';
  await waitFor(() => expect(submit().disabled).toBe(false));
  fireEvent.click(submit());
  await waitFor(() => expect(toasts.messages).toContain('Exchange rate has not been updated'));
  toasts.stop();
});

it('sells a lot after a confirm, at the price the user saw', async () => {
  const toasts = collectToasts();
  serve({ [SELL]: ({ no }) => order(no, { state: 'sell', sell_price: 100, value: null, unrealized_pnl: null, sell_amount: 100_000, sell_fee: 100, realized_pnl: -200 }) });
  await open(`${PATH}?type=sell`);
  expect(screen.getByRole('tab', { name: 'Sell' }).getAttribute('aria-selected')).toBe('true');
  expect(screen.queryByTestId('submit-buy')).toBeNull();
  fireEvent.click(await screen.findByRole('button', { name: 'Sell lot B1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sell this lot?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sell' }));
  await waitFor(() => expect(toasts.messages).toContain('Sold successfully'));
  expect(inputsOf(SELL)).toEqual([{ no: 'B1', price: 100, sell_price: 100 }]);
  toasts.stop();
});

it('a US stock shows the exchange rate and converts the total', async () => {
  serve({
    '/v2/yahoo': ({ symbol }) =>
      symbol === 'USDINR' ? chart('USDINR', { price: 80, market: 'FOREX', currency: 'INR' }) : chart(symbol, { price: 10, market: 'US', currency: 'USD' }),
  });
  await open('/stock/trading/AAPL/US/Apple');
  setQty('10');
  expect(await screen.findByText('1 USD = 80.0000 INR')).toBeTruthy();
  // 10 × $10 × 80 = ₹8,000.00; 3 bps = ₹2.40
  expect(screen.getByTestId('preview-total').textContent).toBe('₹8,002.40');
});
