import { screen } from '@testing-library/react';
import { renderAt, setup } from '../src/testing';
import { PagedList } from '../src/ui/PagedList';

beforeAll(() => setup());

const list = (count: number, page = 1) => {
  const rows = Array.from({ length: Math.min(count, 10) }, (_, i) => i);
  const query = { data: { rows, count }, isPlaceholderData: false, error: null, fetchStatus: 'idle' as const, dataUpdatedAt: Date.now(), isFetching: false, refetch: async () => undefined };
  renderAt(
    '/',
    <PagedList query={query} skeletonRows={3} errorTitle="Failed" label="Orders" empty={<p>None</p>} page={page} size={10} onPage={() => {}}>
      {rows.map((r) => (
        <li key={r}>row {r}</li>
      ))}
    </PagedList>,
  );
};

it('shows no pager when every row fits on the one page', () => {
  list(4);
  expect(screen.getAllByRole('listitem')).toHaveLength(4);
  expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
});

it('shows the pager when there are more pages', () => {
  list(25);
  expect(screen.getByTestId('pager-text').textContent).toBe('Page 1/3');
});

it('keeps the pager on a later page, even one the rows shrank to', () => {
  list(4, 2);
  expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
});
