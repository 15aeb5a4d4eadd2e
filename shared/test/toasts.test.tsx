import { act, render, screen } from '@testing-library/react';
import { toast, ToastHost } from '../src/ui/Toasts';

beforeEach(() => sessionStorage.clear());
afterEach(() => jest.useRealTimers());

const leavePage = (page: { unmount: () => void }) => {
  act(() => void window.dispatchEvent(new Event('pagehide')));
  page.unmount();
};

it('a confirmation still showing when the page goes away shows on the next page of the tab, once', async () => {
  const first = render(<ToastHost />);
  act(() => toast('Login successful', 'success'));
  expect(screen.getByRole('status').textContent).toBe('Login successful');
  leavePage(first);

  // The next page (the shell after the standalone login page).
  const next = render(<ToastHost />);
  expect((await screen.findByRole('status')).textContent).toBe('Login successful');
  next.unmount();
  render(<ToastHost />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('an error or a note stays with the page it was about', () => {
  const first = render(<ToastHost />);
  act(() => toast('No connection', 'error'));
  act(() => toast('Copied', 'info'));
  leavePage(first);
  expect(sessionStorage.getItem('toasts')).toBeNull();
  render(<ToastHost />);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('status')).toBeNull();
});

it('a carried confirmation shows for its full time on a slow next page, not on a page that comes much later', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const first = render(<ToastHost />);
  act(() => toast('Login successful', 'success'));
  act(() => void jest.advanceTimersByTime(2000));
  leavePage(first);
  // The next page takes 4 s to start on a slow phone: the confirmation still gets its 2.6 s.
  act(() => void jest.advanceTimersByTime(4000));
  const next = render(<ToastHost />);
  expect(screen.getByRole('status').textContent).toBe('Login successful');
  act(() => void jest.advanceTimersByTime(2000));
  expect(screen.getByRole('status').textContent).toBe('Login successful');
  act(() => void jest.advanceTimersByTime(700));
  expect(screen.queryByRole('status')).toBeNull();
  next.unmount();

  // Carried, but the tab's next page comes a minute later: no longer news.
  const again = render(<ToastHost />);
  act(() => toast('Login successful', 'success'));
  leavePage(again);
  act(() => void jest.advanceTimersByTime(60_000));
  render(<ToastHost />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('a garbled carried entry shows nothing', () => {
  sessionStorage.setItem('toasts', '[{"message":42},"x",{"message":"no time"}]');
  render(<ToastHost />);
  expect(screen.queryByRole('status')).toBeNull();
  expect(sessionStorage.getItem('toasts')).toBeNull();
});
