import { act, fireEvent, screen } from '@testing-library/react';
import { StockSearch } from '../src/components/StockSearch';
import { answer, goOffline, goOnline, inputsOf, renderAt, setup, stockRow } from '@invest/shared/testing';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
beforeEach(() => {
  jest.useFakeTimers();
  answer({ '/v2/stock/list': () => ({ rows: [stockRow(1, { name: 'Reliance Industries', stock: 'RELIANCE.NS' })], count: 1 }) });
});
afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
});

const input = () => screen.getByRole('searchbox', { name: 'Stock name or code' });

it('searches 300 ms after the last keystroke, by name or code, once', async () => {
  renderAt('/markets', <StockSearch open onClose={() => {}} />);
  fireEvent.change(input(), { target: { value: 'rel' } });
  act(() => void jest.advanceTimersByTime(150));
  fireEvent.change(input(), { target: { value: 'relia' } });
  act(() => void jest.advanceTimersByTime(299));
  expect(inputsOf('/v2/stock/list')).toHaveLength(0);
  await act(async () => void jest.advanceTimersByTime(1));
  expect(inputsOf('/v2/stock/list')).toEqual([{ keyword: 'relia', page: 1, limit: 20 }]);
  expect(await screen.findByText('Reliance Industries')).toBeTruthy();
  // The result opens the detail with the code and name; the code shows without its suffix.
  expect(screen.getByRole('link').getAttribute('href')).toBe('/stock/v2/RELIANCE.NS/Reliance%20Industries');
  expect(screen.getByText('RELIANCE')).toBeTruthy();
});

it('never sends blank text: it asks for a code instead', async () => {
  renderAt('/markets', <StockSearch open onClose={() => {}} />);
  fireEvent.change(input(), { target: { value: '   ' } });
  await act(async () => void jest.advanceTimersByTime(300));
  expect(screen.getByRole('alert').textContent).toBe('Please enter stock code to search');
  // Enter on blank text says the same, and still nothing is sent.
  fireEvent.submit(input().closest('form')!);
  expect(screen.getByRole('alert').textContent).toBe('Please enter stock code to search');
  expect(inputsOf('/v2/stock/list')).toHaveLength(0);
});

it('a failed search says it failed, and searches again on Retry', async () => {
  answer({});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  renderAt('/markets', <StockSearch open onClose={() => {}} />);
  fireEvent.change(input(), { target: { value: 'tcs' } });
  await act(async () => void jest.advanceTimersByTime(300));
  expect(await screen.findByText('Search failed')).toBeTruthy();
  expect(screen.queryByText('No matching stocks')).toBeNull();
  answer({ '/v2/stock/list': () => ({ rows: [stockRow(2, { name: 'Tata Consultancy', stock: 'TCS.NS' })], count: 1 }) });
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Tata Consultancy')).toBeTruthy();
  warn.mockRestore();
});

it('an offline search says it is offline, and runs again by itself when the connection returns', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  goOffline();
  renderAt('/markets', <StockSearch open onClose={() => {}} />);
  fireEvent.change(input(), { target: { value: 'rel' } });
  await act(async () => void jest.advanceTimersByTime(300));
  expect(await screen.findByText("You're offline")).toBeTruthy();
  expect(screen.queryByText('No matching stocks')).toBeNull();
  goOnline();
  onLine.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('Reliance Industries')).toBeTruthy();
  onLine.mockRestore();
  warn.mockRestore();
});
