import { StrictMode, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../src/i18n';
import { PageHeader } from '../src/ui/PageHeader';
import { Tabs, type TabItem } from '../src/ui/Tabs';

type Kind = 'recharge' | 'withdraw';
const KINDS: TabItem<Kind>[] = [
  { value: 'recharge', label: 'Recharge' },
  { value: 'withdraw', label: 'Withdraw' },
];
const TITLES: Record<Kind, string> = { recharge: 'Recharge records', withdraw: 'Withdraw records' };

/** A screen like the wallet's records: tabs that switch what the page is, and a header named by the selected one. */
function RecordsScreen({ tabs = true }: { tabs?: boolean }) {
  const [kind, setKind] = useState<Kind>('recharge');
  return (
    <>
      <PageHeader title={tabs ? TITLES[kind] : 'Records'} />
      {tabs && <Tabs label="Kind" items={KINDS} value={kind} onChange={setKind} />}
    </>
  );
}

beforeAll(initI18n);

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

afterEach(() => {
  document.title = '';
});

describe('the page title follows the selected tab', () => {
  it('in the header and the document, from the first frame on', () => {
    render(
      <StrictMode>
        <RecordsScreen />
      </StrictMode>,
    );
    expect(heading()).toBe('Recharge records');
    expect(document.title).toBe('Recharge records');

    fireEvent.click(screen.getByRole('tab', { name: 'Withdraw' }));
    expect(heading()).toBe('Withdraw records');
    expect(document.title).toBe('Withdraw records');
  });

  it("the document has the header's title, and its own back when the header goes", () => {
    const view = render(<RecordsScreen tabs={false} />);
    expect(heading()).toBe('Records');
    expect(document.title).toBe('Records');
    view.rerender(<RecordsScreen />);
    expect(heading()).toBe('Recharge records');
    expect(document.title).toBe('Recharge records');
    view.unmount();
    expect(document.title).toBe('');
  });
});

describe('a row of tabs wider than the screen', () => {
  const STATUSES: TabItem<string>[] = ['All', 'Pending', 'Success', 'Cancelled', 'Expired'].map((x) => ({ value: x, label: x }));

  /** Lays the row out as a phone would: 200 px wide, each tab 90 px, scrolled by the row's scrollLeft. */
  function layOut(row: HTMLElement) {
    const rect = (left: number, width: number) => ({ left, right: left + width, width, top: 0, bottom: 44, height: 44, x: left, y: 0, toJSON: () => ({}) });
    row.getBoundingClientRect = () => rect(0, 200);
    row.querySelectorAll<HTMLElement>('[role="tab"]').forEach((tab, i) => {
      tab.getBoundingClientRect = () => rect(i * 90 - row.scrollLeft, 90);
    });
  }

  function Statuses() {
    const [value, setValue] = useState('All');
    return <Tabs label="Status" items={STATUSES} value={value} onChange={setValue} />;
  }

  it('scrolls itself, never the page, to bring the selected tab wholly into view', () => {
    const pageScroll = jest.fn();
    Element.prototype.scrollIntoView = pageScroll;
    try {
      render(<Statuses />);
      const row = screen.getByRole('tablist');
      layOut(row);
      const expired = screen.getByRole('tab', { name: 'Expired' });
      expired.focus();
      fireEvent.keyDown(row, { key: 'End' });
      expect(expired.getAttribute('aria-selected')).toBe('true');
      const box = expired.getBoundingClientRect();
      expect(row.scrollLeft).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(200);
      expect(pageScroll).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('moves the focus with the selection on arrow keys, Home and End', () => {
    render(<Statuses />);
    const row = screen.getByRole('tablist');
    layOut(row);
    act(() => screen.getByRole('tab', { name: 'All' }).focus());
    fireEvent.keyDown(row, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pending', selected: true }));
    fireEvent.keyDown(row, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Expired', selected: true }));
    fireEvent.keyDown(row, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All', selected: true }));
    fireEvent.keyDown(row, { key: 'Home' });
    fireEvent.keyDown(row, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Expired', selected: true }));
  });
});
