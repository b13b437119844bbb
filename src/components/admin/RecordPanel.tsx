/**
 * A paged admin list screen: its filters (kept in the URL, each sent to the API as its own query
 * parameter), the record table with the definition's list columns, "Page X of Y", and, where the
 * API has one, an Export CSV link carrying the same filters.
 */
import { API_BASE } from '../../lib/api-client.ts';
import { adminApi } from '../../lib/admin/admin-api.ts';
import type { Query } from '../../lib/admin/url-query.ts';
import { StatusError } from '../../lib/admin/use-load.ts';
import { PAGE_SIZE, type Paged, type RecordDefinition } from '../../lib/record.ts';
import { statusLabel, type Workflow } from '../../lib/workflow.ts';
import { CheckField, DateField, Pager, ScreenHeader, SearchField, SelectField } from './ui.tsx';
import { RecordTable } from './RecordTable.tsx';
import { listColumns } from './record-view.tsx';
import { usePagedList } from './usePagedList.ts';

export interface PanelFilter {
  /** Its name in the page's URL. */
  key: string;
  /** Its name in the API's query string. */
  param: string;
  label: string;
  /** A choice among `options` (with `allLabel` for none, each read through `optionText`), a checkbox (`check`), else a search box. */
  options?: readonly string[];
  allLabel?: string;
  optionText?: (option: string) => string;
  /** A checkbox: checked sends the parameter as '1'. */
  check?: boolean;
  /** A day (YYYY-MM-DD), e.g. received since. */
  date?: boolean;
}

/** The status filter of a record with a workflow (kept in the page URL as `status`, as the home screen links it). */
export const statusFilter = (workflow: Workflow): PanelFilter => ({
  key: 'status',
  param: 'status',
  label: 'Status',
  options: workflow.statuses,
  allLabel: 'All statuses',
  optionText: (s) => statusLabel(workflow, s),
});

/** Records received since a day (the home screen's today and this week link it as `from`). */
export const receivedSinceFilter: PanelFilter = { key: 'from', param: 'from', label: 'Received since', date: true };

/** Records with a payment recorded since a day (the home screen's fees this month link it as `paidFrom`). */
export const paidSinceFilter: PanelFilter = { key: 'paidFrom', param: 'paidFrom', label: 'Paid since', date: true };

interface Props<T> {
  title: string;
  def: RecordDefinition;
  /** The API resource, e.g. '/admission'. */
  resource: string;
  filters: readonly PanelFilter[];
  /** How the API answers a page: { data, totalPages }, or the bare list with X-Total-Count. */
  answer: 'paged' | 'list';
  loadFailed: string;
  emptyText: string;
  failedText: string;
  detailsPath: string;
  linkLabel: (row: T) => string;
  /** A warning shown with a row (e.g. a possible duplicate). */
  mark?: (row: T) => string | undefined;
  /** Whether the API answers `{resource}/export.csv` for the same filters. */
  exportable?: boolean;
}

/** The API's query string of the filters set on the screen. */
function filterParams(filters: readonly PanelFilter[], values: Query<string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const f of filters) if (values[f.key]) params.set(f.param, values[f.key]!);
  return params;
}

async function loadPage<T>(
  resource: string,
  params: URLSearchParams,
  answer: Props<T>['answer'],
  page: number,
): Promise<Paged<T>> {
  const res = await adminApi(`${resource}?${params}`);
  if (res.status !== 200) throw new StatusError(res.status);
  if (answer === 'paged') return (await res.json()) as Paged<T>;
  const data = (await res.json()) as T[];
  const total = Number(res.headers.get('X-Total-Count'));
  const totalPages =
    Number.isFinite(total) && res.headers.has('X-Total-Count')
      ? Math.max(1, Math.ceil(total / PAGE_SIZE))
      : data.length < PAGE_SIZE
        ? page
        : page + 1;
  return { data, totalPages };
}

export function RecordPanel<T extends { _id: string }>({
  title,
  def,
  resource,
  filters,
  answer,
  loadFailed,
  emptyText,
  failedText,
  detailsPath,
  linkLabel,
  mark,
  exportable,
}: Props<T>) {
  const keys = filters.map((f) => f.key);
  const {
    filters: values,
    setFilter,
    table,
    pager,
  } = usePagedList(
    keys,
    (q: Query<string>, page) => {
      const params = filterParams(filters, q);
      params.set('page', String(page));
      params.set('limit', String(PAGE_SIZE));
      return loadPage<T>(resource, params, answer, page);
    },
    loadFailed,
  );
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title={title}>
        {exportable && (
          <a className="btn" href={`${API_BASE}${resource}/export.csv?${filterParams(filters, values)}`} download>
            Export CSV
          </a>
        )}
      </ScreenHeader>
      <div className="admin-filters" role="search">
        {filters.map((f) =>
          f.check ? (
            <CheckField
              key={f.key}
              label={f.label}
              checked={values[f.key] === '1'}
              onChange={(on) => setFilter(f.key, on ? '1' : '')}
            />
          ) : f.date ? (
            <DateField key={f.key} label={f.label} value={values[f.key] ?? ''} onChange={(v) => setFilter(f.key, v)} />
          ) : f.options ? (
            <SelectField
              key={f.key}
              label={f.label}
              value={values[f.key] ?? ''}
              allLabel={f.allLabel ?? 'All'}
              options={f.options}
              optionText={f.optionText}
              onChange={(v) => setFilter(f.key, v)}
            />
          ) : (
            <SearchField
              key={f.key}
              label={f.label}
              value={values[f.key] ?? ''}
              onCommit={(v) => setFilter(f.key, v)}
            />
          ),
        )}
      </div>
      <RecordTable
        {...table}
        caption={title}
        columns={listColumns<T>(def)}
        emptyText={emptyText}
        failedText={failedText}
        detailsPath={detailsPath}
        linkLabel={linkLabel}
        mark={mark}
      />
      <Pager {...pager} />
    </section>
  );
}
