import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@invest/runtime';
import type { ReactNode } from 'react';
import { ApiError, call } from '../src/api/client';
import { calls } from '../src/contract';
import { IDEMPOTENT_RETRIES, REPEAT_TAP_MS, useCallMutation } from '../src/query/useCall';
import { answer, server, testQueryClient } from '../src/testing';

const RECORD = { id: 1, count: 500000, status: 1, created_at: '2026-01-01T00:00:00Z', method: 'bank', reference: 'R1', payment_ref: null, fail_reason: null };
const keysOf = (path: string): (string | undefined)[] =>
  server.mock.calls.filter(([url]) => String(url).includes(path)).map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
const ADD = calls.rechargeAdd.path;

const useRecharge = () => useCallMutation(calls.rechargeAdd);
function renderRecharge() {
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(useRecharge, { wrapper });
}

afterEach(() => {
  jest.clearAllMocks();
  jest.restoreAllMocks();
});

it('call() sends the key it is given as Idempotency-Key, and none without one', async () => {
  answer({ [ADD]: () => RECORD, [calls.userInfo.path]: () => ({ id: 1, user: '9876543210', no: '1', img: '', total: 0, money: 0, loan: 0 }) });
  await call(calls.rechargeAdd, { count: 500000 }, { idempotencyKey: 'key-12345678' });
  await call(calls.userInfo);
  expect(keysOf(ADD)).toEqual(['key-12345678']);
  expect(keysOf(calls.userInfo.path)).toEqual([undefined]);
});

it('a lost answer is asked again automatically with the same key', async () => {
  let tries = 0;
  answer({ [ADD]: () => (++tries === 1 ? Promise.reject(new Error('connection reset')) : RECORD) });
  const { result } = renderRecharge();
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  const keys = keysOf(ADD);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{8,128}$/);
  expect(keys[1]).toBe(keys[0]);
});

it('after the automatic retries, "try again" with the same input reuses the key; a changed input gets a new one', async () => {
  answer({ [ADD]: () => Promise.reject(new Error('offline')) });
  const { result } = renderRecharge();
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 5000 });
  expect(result.current.error?.status).toBe(0);
  expect(keysOf(ADD)).toHaveLength(1 + IDEMPOTENT_RETRIES);

  answer({ [ADD]: () => RECORD });
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(new Set(keysOf(ADD)).size).toBe(1);

  act(() => result.current.mutate({ count: 600000 }));
  await waitFor(() => expect(keysOf(ADD)).toHaveLength(3 + IDEMPOTENT_RETRIES - 1));
  expect(new Set(keysOf(ADD)).size).toBe(2);
});

it('two submits with definite answers get two keys, and a refused one is not retried', async () => {
  answer({ [ADD]: ({ count }) => (count < 500000 ? Promise.reject(new ApiError(400, 'rechargeAmountTooLow')) : RECORD) });
  const { result } = renderRecharge();
  act(() => result.current.mutate({ count: 100 }));
  await waitFor(() => expect(result.current.isError).toBe(true));
  act(() => result.current.mutate({ count: 100 }));
  await waitFor(() => expect(keysOf(ADD)).toHaveLength(2));
  await waitFor(() => expect(result.current.isPending).toBe(false));
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  // The same input once the double tap's window is over is a new request.
  const later = Date.now() + REPEAT_TAP_MS;
  jest.spyOn(Date, 'now').mockReturnValue(later);
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(keysOf(ADD)).toHaveLength(4));
  expect(new Set(keysOf(ADD)).size).toBe(4);
});

it("a double tap's second tap after the first answer is sent with the first key, so the server replays it", async () => {
  answer({ [ADD]: () => RECORD });
  const { result } = renderRecharge();
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  await waitFor(() => expect(result.current.isPending).toBe(false));
  act(() => result.current.mutate({ count: 500000 }));
  await waitFor(() => expect(keysOf(ADD)).toHaveLength(2));
  expect(new Set(keysOf(ADD)).size).toBe(1);
  // Another amount is another request, at once.
  await waitFor(() => expect(result.current.isPending).toBe(false));
  act(() => result.current.mutate({ count: 600000 }));
  await waitFor(() => expect(keysOf(ADD)).toHaveLength(3));
  expect(new Set(keysOf(ADD)).size).toBe(2);
});

it('a double tap sends one request', async () => {
  answer({ [ADD]: () => RECORD });
  const { result } = renderRecharge();
  act(() => {
    result.current.mutate({ count: 500000 });
    result.current.mutate({ count: 500000 });
  });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(keysOf(ADD)).toHaveLength(1);
});
