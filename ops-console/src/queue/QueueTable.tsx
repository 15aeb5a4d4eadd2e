import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import { useTranslation } from '@invest/runtime';
import { IconButton, Icon } from '@invest/shared';
import s from './queue.module.css';

/** One column of a queue: its header (translated), the value it sorts and filters by, and how a cell shows it. */
export interface QueueColumn<T extends RowData> {
  id: string;
  header: string;
  value: (row: T) => string | number;
  cell?: (row: T) => ReactNode;
  /** Right-aligned figures (amounts). */
  numeric?: boolean;
  /** Longer text that may take more than one line (a name, an approval, a message); other cells keep to one. */
  wrap?: boolean;
  /** false: the side panel says this its own way (ColumnFacts leaves it out). */
  inPanel?: false;
}

/** Rows on one page of the table. */
export const ROWS_PER_PAGE = 15;

// Client-side sorting, filtering and paging over the queue's rows: only the features used are bundled.
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

const toColumnDef = <T extends RowData>(c: QueueColumn<T>): ColumnDef<typeof features, T> => ({
  id: c.id,
  accessorFn: c.value,
  header: c.header,
  sortFn: 'basic',
  cell: (info) => (c.cell ? c.cell(info.row.original) : String(info.getValue())),
});

/**
 * A queue as a table: sortable headers, a filter over every column, pages, and rows that select on a click or, from
 * the keyboard, on Enter or Space (each row is a tab stop).
 */
export function QueueTable<T extends RowData>({
  label,
  rows,
  columns,
  rowId,
  selectedId,
  onSelect,
  local = true,
  emptyText,
}: {
  /** The table's caption (the queue's name). */
  label: string;
  rows: T[];
  columns: QueueColumn<T>[];
  rowId: (row: T) => string;
  selectedId: string | null;
  onSelect: (row: T) => void;
  /**
   * Whether the table filters and pages the rows itself (a queue's first QUEUE_LIMIT rows); false when the API pages
   * them (at most ROWS_PER_PAGE a page) and the page shows its own pager: the rows given are one page, still sortable.
   */
  local?: boolean;
  /** What an empty table says (a queue: nothing is waiting). */
  emptyText?: string;
}) {
  const { t } = useTranslation('ops');
  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: rowId,
    globalFilterFn: filterFn_includesString,
    initialState: { pagination: { pageIndex: 0, pageSize: ROWS_PER_PAGE } },
  });
  const numeric = new Set(columns.filter((c) => c.numeric).map((c) => c.id));
  const wrapping = new Set(columns.filter((c) => c.wrap).map((c) => c.id));
  const cellClass = (id: string) => (numeric.has(id) ? s.numeric : wrapping.has(id) ? s.wrap : undefined);
  const pageRows = table.getRowModel().rows;
  const pages = Math.max(1, table.getPageCount());
  const onKey = (e: KeyboardEvent, row: T) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onSelect(row);
  };

  return (
    <div className={s.tableBox}>
      {local && (
        <label className={s.filter}>
          <span>{t('table.filter')}</span>
          <input
            type="search"
            value={String(table.state.globalFilter ?? '')}
            onChange={(e) => table.setGlobalFilter(e.target.value)}
            placeholder={t('table.filterPlaceholder')}
          />
        </label>
      )}
      <table className={s.table}>
        <caption className={s.caption}>{label}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const name = String(header.column.columnDef.header);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={numeric.has(header.column.id) ? s.numeric : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button type="button" className={s.sort} onClick={header.column.getToggleSortingHandler()} aria-label={t('table.sortBy', { column: name })}>
                      {name}
                      <span aria-hidden="true" className={s.sortMark}>
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {pageRows.map((row) => {
            const selected = row.id === selectedId;
            return (
              <tr
                key={row.id}
                tabIndex={0}
                aria-selected={selected}
                className={selected ? `${s.row} ${s.selected}` : s.row}
                onClick={() => onSelect(row.original)}
                onKeyDown={(e) => onKey(e, row.original)}
                data-testid="queue-row"
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cellClass(cell.column.id)}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {pageRows.length === 0 && <p className={s.empty}>{rows.length === 0 ? (emptyText ?? t('table.empty')) : t('table.noMatch')}</p>}
      {local && (
        <div className={s.pager}>
          <IconButton label={t('table.previous')} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            <Icon name="back" size={18} />
          </IconButton>
          <span>{t('table.page', { page: table.state.pagination.pageIndex + 1, pages })}</span>
          <IconButton label={t('table.next')} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            <Icon name="chevron" size={18} />
          </IconButton>
        </div>
      )}
    </div>
  );
}
