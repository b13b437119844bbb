/**
 * /admin/audit (principal): who did what, newest first, 50 a page, with filters kept in the URL:
 * the person, the kind of record and its id, the action, and a range of dates (India dates, both
 * days included), and Export CSV of every entry those filters match. Office staff get a plain
 * message; the server refuses them the log as well.
 */
import { useId } from 'react';
import { getJson } from '../../lib/admin/admin-api.ts';
import { API_BASE } from '../../lib/api-client.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { orDash } from '../../lib/format.ts';
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { Pager, ScreenHeader, SearchField } from '../../components/admin/ui.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import type { Account } from '../auth/account.ts';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  actionText,
  detailText,
  entityText,
  personText,
  recordHref,
  type AuditEntry,
} from './audit.ts';

const KEYS = ['person', 'entity', 'id', 'action', 'from', 'to'] as const;
type Key = (typeof KEYS)[number];
/** Each filter's name in the page's URL -> in the API's query string. */
const PARAMS: Record<Key, string> = {
  person: 'adminEmail',
  entity: 'entity',
  id: 'entityId',
  action: 'action',
  from: 'from',
  to: 'to',
};

const DATES_OUT_OF_ORDER = 'The "From" date is after the "To" date.';

export default function AuditScreen() {
  const principal = useIsPrincipal();
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Audit log" />
      {principal ? <AuditLog /> : <p className="admin-state">Only the principal can see the audit log.</p>}
    </section>
  );
}

function AuditLog() {
  const people = useLoad(() => getJson<{ data: Account[] }>('/admins'), []);
  const { filters, setFilter, table, pager } = usePagedList<Key, AuditEntry>(
    KEYS,
    async (q, page) => {
      if (q.from && q.to && q.from > q.to) throw new Error(DATES_OUT_OF_ORDER);
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      for (const key of KEYS) if (q[key]) params.set(PARAMS[key], q[key]);
      return getJson<Paged<AuditEntry>>(`/audit?${params}`);
    },
    'Failed to load the audit log',
  );
  const emails: [string, string][] = (people.data?.data ?? []).map((a) => [a.email, `${a.name} (${a.email})`]);
  if (filters.person && !emails.some(([email]) => email === filters.person))
    emails.push([filters.person, filters.person]);
  const outOfOrder = !!filters.from && !!filters.to && filters.from > filters.to;
  const exported = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) exported.set(PARAMS[key], filters[key]);

  return (
    <>
      <div className="admin-filters" role="search">
        <Choice
          label="Person"
          value={filters.person}
          allLabel="Everyone"
          options={emails}
          onChange={(v) => setFilter('person', v)}
        />
        <Choice
          label="Action"
          value={filters.action}
          allLabel="All actions"
          options={Object.entries(AUDIT_ACTIONS)}
          onChange={(v) => setFilter('action', v)}
        />
        <Choice
          label="Record kind"
          value={filters.entity}
          allLabel="All records"
          options={Object.entries(AUDIT_ENTITIES)}
          onChange={(v) => setFilter('entity', v)}
        />
        <SearchField label="Record id" value={filters.id} onCommit={(v) => setFilter('id', v.trim())} />
        <DateField label="From" value={filters.from} onChange={(v) => setFilter('from', v)} />
        <DateField label="To" value={filters.to} onChange={(v) => setFilter('to', v)} />
      </div>
      {outOfOrder && (
        <p className="form-error" role="alert">
          {DATES_OUT_OF_ORDER}
        </p>
      )}
      <p className="admin-actions">
        <a className="btn" href={`${API_BASE}/audit/export.csv?${exported}`} download>
          Export CSV
        </a>
      </p>
      <AuditTable rows={table.rows} loading={table.loading} failed={table.failed} />
      <Pager {...pager} />
    </>
  );
}

function Choice({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: string;
  allLabel: string;
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

const COLUMNS = ['Time', 'Person', 'Action', 'Record', 'Detail'];

/** A record id as a link's text: a UUID by its first eight characters (the link carries the whole). */
const shortId = (id: string) => (/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id);

function AuditTable({
  rows,
  loading,
  failed,
}: {
  rows: readonly AuditEntry[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-busy={loading}>
        <caption className="visually-hidden">Audit log, newest first</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            <StateRow text="Loading..." />
          ) : !rows?.length ? (
            <StateRow text={failed ? 'Could not load the audit log.' : 'No entries match these filters.'} />
          ) : (
            rows.map((e) => {
              const href = recordHref(e.entity, e.entityId);
              const record = e.entityId ? `${entityText(e.entity)} ${shortId(e.entityId)}` : entityText(e.entity);
              return (
                <tr key={e._id}>
                  <td data-label="Time">{formatDateTime(e.createdAt)}</td>
                  <td data-label="Person" className="cell-wrap">
                    {personText(e)}
                  </td>
                  <td data-label="Action">{actionText(e.action)}</td>
                  <td data-label="Record">
                    {href ? (
                      <a href={href} title={e.entityId ?? undefined}>
                        {record}
                      </a>
                    ) : (
                      record
                    )}
                  </td>
                  <td data-label="Detail" className="cell-wrap">
                    {orDash(detailText(e))}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function StateRow({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className="admin-table__state">
        {text}
      </td>
    </tr>
  );
}
