import { act, render, screen } from '@testing-library/react';
import { useCachedFirst } from '../src/query/useCachedFirst';

// IndexedDB is not in jsdom: the cache is a map here.
const kept = new Map<string, { value: unknown; savedAt: number }>();
jest.mock('../src/cache', () => ({
  cache: {
    entry: async (store: string, key: string) => kept.get(`${store}/${key}`) ?? null,
    put: async (store: string, key: string, value: unknown) => void kept.set(`${store}/${key}`, { value, savedAt: 1 }),
  },
}));

function Line({ fresh }: { fresh?: string }) {
  const { shown, keptAt } = useCachedFirst<string>('line', ['line:^NSEI'], [fresh]);
  return <p>{`${shown[0] ?? 'nothing'} ${keptAt[0] ?? 'fresh'}`}</p>;
}

beforeEach(() => kept.clear());

it('shows what was kept until the answer comes, keeps the answer, and keeps showing it when none comes', async () => {
  kept.set('line/line:^NSEI', { value: 'yesterday', savedAt: 42 });
  const { rerender, unmount } = render(<Line />);
  expect(await screen.findByText('yesterday 42')).toBeTruthy();
  rerender(<Line fresh="today" />);
  expect(screen.getByText('today fresh')).toBeTruthy();
  await act(async () => {});
  expect(kept.get('line/line:^NSEI')?.value).toBe('today');
  unmount();
  // Next visit, offline: the last answer shows with its age.
  render(<Line />);
  expect(await screen.findByText('today 1')).toBeTruthy();
});
