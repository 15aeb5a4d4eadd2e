import { act, render } from '@testing-library/react';
import { bus } from '../src/bus';
import { usePolling } from '../src/hooks/usePolling';

function Poller({ task, ms }: { task: () => void; ms: number }) {
  usePolling(task, ms);
  return null;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('polls at its interval, stops on app:pause and fires at once on app:resume', async () => {
  const task = jest.fn();
  render(<Poller task={task} ms={3000} />);
  await act(async () => {});
  expect(task).toHaveBeenCalledTimes(1);
  await act(async () => void jest.advanceTimersByTime(3000));
  expect(task).toHaveBeenCalledTimes(2);

  act(() => bus.publish({ type: 'app:pause' }));
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(task).toHaveBeenCalledTimes(2);

  await act(async () => bus.publish({ type: 'app:resume' }));
  expect(task).toHaveBeenCalledTimes(3);
});

it('a new restart key runs the task at once', async () => {
  const task = jest.fn();
  const { rerender } = render(<Keyed task={task} k="a" />);
  await act(async () => {});
  expect(task).toHaveBeenCalledTimes(1);
  rerender(<Keyed task={task} k="b" />);
  await act(async () => {});
  expect(task).toHaveBeenCalledTimes(2);
});

function Keyed({ task, k }: { task: () => void; k: string }) {
  usePolling(task, 5000, true, k);
  return null;
}
