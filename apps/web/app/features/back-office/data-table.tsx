// The back office's tables (@tanstack/react-table, ADR 085): the API pages and searches (limit/offset, q), so a page
// of rows arrives from the loader and the pager and search are plain links and a GET form (they work without
// JavaScript and from the keyboard); the column headers sort the page's rows and say so with aria-sort.
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { Form, Link, useLocation } from 'react-router';

export const PAGE_SIZE = 25;

/** ?page=N (1-based) as the API's limit and offset. */
export function pageQuery(url: URL): { limit: number; offset: number; page: number } {
  const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  return { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, page };
}

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const q = params.toString();
  return q ? `${pathname}?${q}` : pathname;
}

function Pager({ page, total }: { page: number; total: number }) {
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  const link = 'rounded-theme border border-[#767676] px-1 py-0.5 font-semibold underline';
  return (
    <nav aria-label="Pages" className="mt-1 flex flex-wrap items-center gap-1">
      {page > 1 ? (
        <Link className={link} to={pageHref(pathname, search, page - 1)} rel="prev">
          Previous page
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className={link} to={pageHref(pathname, search, page + 1)} rel="next">
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A search box for a table whose API takes `q`: a GET form, so the results have an address. */
export function TableSearch({ label, defaultValue, hint }: { label: string; defaultValue: string; hint?: string }) {
  return (
    <Form method="get" role="search" className="mb-1 flex flex-wrap items-end gap-0.5">
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="table-search" className="mb-[4px] block font-semibold">
          {label}
        </label>
        {hint ? (
          <p id="table-search-hint" className="mb-[4px] text-sm text-[#4a4a4a]">
            {hint}
          </p>
        ) : null}
        <input
          id="table-search"
          name="q"
          type="search"
          defaultValue={defaultValue}
          aria-describedby={hint ? 'table-search-hint' : undefined}
          className="block min-h-[44px] w-full rounded-theme border border-[#767676] px-0.5"
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}

const SORT_LABEL = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<T>(props: {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[];
  /** Paged by the API: the page shown and the total of rows; omitted when every row is here. */
  paging?: { page: number; total: number };
  empty: ReactNode;
  rowId: (row: T) => string;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: props.rows,
    columns: props.columns,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: props.rowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  if (!props.rows.length) return <p className="my-1">{props.empty}</p>;
  return (
    <>
      {/* relative: visually hidden text in a cell (absolutely placed) stays inside the scrolling region, so a wide
          table scrolls in its region instead of widening the page. */}
      <div className="relative overflow-x-auto" role="region" aria-label={props.caption} tabIndex={0}>
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b-2 border-black">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted ? SORT_LABEL[sorted] : undefined}
                      className="whitespace-nowrap p-0.5 align-bottom"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="font-bold underline decoration-dotted"
                        >
                          {title}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-b border-[#d0d0d0] align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="p-0.5">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {props.paging ? <Pager page={props.paging.page} total={props.paging.total} /> : null}
    </>
  );
}

/** A column with the customer's id linking to their page (withdrawals, winners). */
export function customerColumn<T extends { customerId: string }>(): ColumnDef<T, unknown> {
  return {
    id: 'customerId',
    accessorFn: (row) => row.customerId,
    header: 'Customer',
    cell: (c) => (
      <Link className="underline" to={`/back-office/customers/${c.row.original.customerId}`}>
        {c.row.original.customerId}
      </Link>
    ),
  };
}

/** A GET form of one select that filters a table (a status, a rating); '' is "any". */
export function TableFilter(props: {
  id: string;
  label: string;
  name: string;
  value: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <Form method="get" className="mb-1 flex flex-wrap items-end gap-0.5">
      {props.children}
      <div>
        <label htmlFor={props.id} className="mb-[4px] block font-semibold">
          {props.label}
        </label>
        <select
          id={props.id}
          name={props.name}
          defaultValue={props.value}
          className="min-h-[44px] rounded-theme border border-[#767676] px-0.5"
        >
          <option value="">{props.anyLabel}</option>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        Show
      </button>
    </Form>
  );
}
