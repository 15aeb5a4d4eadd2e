import { StrictMode } from 'react';
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

it('a carried confirmation shows once, then is gone for good: not kept on screen, not back after a reload', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  // The shell renders in StrictMode, which runs the host's effects twice.
  const page = () => render(<StrictMode><ToastHost /></StrictMode>);
  const first = page();
  act(() => toast('Login successful', 'success'));
  leavePage(first);

  const next = page();
  expect(screen.getByRole('status').textContent).toBe('Login successful');
  act(() => void jest.advanceTimersByTime(2700));
  expect(screen.queryByRole('status')).toBeNull();
  leavePage(next);
  page();
  expect(screen.queryByRole('status')).toBeNull();
});

it('a carried confirmation is not carried again when its page is reloaded while it shows', () => {
  const first = render(<ToastHost />);
  act(() => toast('Login successful', 'success'));
  leavePage(first);
  const next = render(<ToastHost />);
  expect(screen.getByRole('status').textContent).toBe('Login successful');
  leavePage(next);
  render(<ToastHost />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('a reload is not the next page: a confirmation raised just before it is not shown again', () => {
  const first = render(<ToastHost />);
  act(() => toast('Withdrawal submitted', 'success'));
  leavePage(first);
  const reload = [{ type: 'reload' }] as unknown as PerformanceEntryList;
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => reload });
  try {
    render(<ToastHost />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(sessionStorage.getItem('toasts')).toBeNull();
  } finally {
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  }
});

describe('where a toast shows', () => {
  /** A fixed layer from `top` to the screen's bottom edge, as the page lays it out. */
  const pinned = (top: number) => {
    const el = document.createElement('div');
    el.style.position = 'fixed';
    el.getBoundingClientRect = () => ({ top, bottom: innerHeight, left: 0, right: innerWidth, width: innerWidth, height: innerHeight - top, x: 0, y: top, toJSON: () => ({}) });
    return el;
  };
  const layers = (...els: HTMLElement[]) => {
    document.elementsFromPoint = (_x: number, y: number) => [...els.filter((el) => el.getBoundingClientRect().top <= y), document.body];
  };
  const insetOf = () => screen.getByRole('status').parentElement!.style.getPropertyValue('--toast-inset');
  afterEach(() => delete (document as Partial<Document>).elementsFromPoint);

  it('above what the screen pins to its bottom (the nav, a buy/sell bar), measured when it comes', () => {
    layers(pinned(innerHeight - 66));
    render(<ToastHost />);
    act(() => toast('Added to your watchlist', 'success'));
    expect(insetOf()).toBe('66px');
  });

  it('follows the screen that comes under it: the nav of the page after a confirmation', () => {
    jest.useFakeTimers();
    layers();
    render(<ToastHost />);
    act(() => toast('Login successful', 'success'));
    expect(insetOf()).toBe('0px');
    layers(pinned(innerHeight - 60));
    act(() => void jest.advanceTimersByTime(400));
    expect(insetOf()).toBe('60px');
  });

  it('not above a layer over the whole screen, which is no bar', () => {
    layers(pinned(0), pinned(innerHeight - 60));
    render(<ToastHost />);
    act(() => toast('Copied', 'success'));
    expect(insetOf()).toBe('60px');
  });

  /** An open dialog's sheet from `top` down, on a backdrop over the whole screen. */
  const sheet = (top: number) => {
    const backdrop = pinned(0);
    const el = document.createElement('div');
    el.setAttribute('aria-modal', 'true');
    el.getBoundingClientRect = pinned(top).getBoundingClientRect;
    backdrop.append(el);
    document.body.append(backdrop);
    return backdrop;
  };
  const edgeOf = () => screen.getByRole('alert').parentElement!.dataset.edge;

  it('above an open dialog, so its buttons stay uncovered', () => {
    const backdrop = sheet(innerHeight - 320);
    try {
      layers(backdrop);
      render(<ToastHost />);
      act(() => toast('Insufficient balance', 'error'));
      expect(edgeOf()).toBe('bottom');
      expect(screen.getByRole('alert').parentElement!.style.getPropertyValue('--toast-inset')).toBe('320px');
    } finally {
      backdrop.remove();
    }
  });

  it('at the top of the screen when a dialog leaves no room above it', () => {
    const backdrop = sheet(40);
    try {
      layers(backdrop);
      render(<ToastHost />);
      act(() => toast('Insufficient balance', 'error'));
      expect(edgeOf()).toBe('top');
    } finally {
      backdrop.remove();
    }
  });
});
