/**
 * /admin: the office's home. What came in today and this week, where every enquiry, application and
 * TC request stands, fees received this month, the enquiries due for a call, and the classes near or
 * at their seat limit. Every count opens its list filtered to it (the lists keep filters in the URL):
 * today and this week as `from`, a status as `status`, the month's fees as `paidFrom`, a class's
 * admitted as `class` and `status`.
 */
import { Fragment, type ReactNode } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { classText } from '../../lib/classes.ts';
import { formatDate } from '../../lib/dates.ts';
import { Loading, ScreenHeader } from '../../components/admin/ui.tsx';
import { KINDS, PAID_KINDS, kindOf } from '../kinds.ts';
import { DESK_RECORD_KINDS, RESENT_HREF, type Dashboard } from './dashboard.ts';
import { documentLabel, type DisclosureWarning } from '../disclosure/disclosure.ts';
import GoLiveChecklist from '../go-live/GoLiveChecklist.tsx';
import './desk.css';

/** 'enquiries, applications and TC requests' */
const KIND_NOUNS = KINDS.map((k) => k.labels.noun)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const listHref = (panel: string, filters: Record<string, string>) => `${panel}?${new URLSearchParams(filters)}`;
const statusHref = (panel: string, status: string) => listHref(panel, { status });
const FOLLOW_UPS_HREF = '/admin/enquiry/panel?due=1';

export default function HomeScreen() {
  const { data, failed } = useLoad(
    () => getJson<Dashboard>('/dashboard'),
    [],
    () => toast.error('Failed to load the figures'),
  );
  return (
    <section aria-labelledby="screen-title" className="desk">
      <ScreenHeader title="Office home" />
      <GoLiveChecklist />
      {!data ? (
        failed ? (
          <p className="admin-state">Could not load the figures. Reload the page to try again.</p>
        ) : (
          <Loading />
        )
      ) : (
        <Figures data={data} />
      )}
    </section>
  );
}

function Figures({ data }: { data: Dashboard }) {
  return (
    <>
      <p className="desk__today">
        Today is {formatDate(data.today)}. The week started on Monday {formatDate(data.weekStart)}.
      </p>
      <DisclosureWarnings warnings={data.disclosure} />
      <div className="desk__grid">
        <NewRecords data={data} />
        <FollowUps data={data} />
        <Resent data={data} />
        {data.onlineAttention > 0 && <OnlineAttention data={data} />}
        <Fees data={data} />
        {DESK_RECORD_KINDS.map((kind) => (
          <StatusCounts key={kind} kind={kind} data={data} />
        ))}
        <Seats data={data} />
      </div>
    </>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="desk-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function NewRecords({ data }: { data: Dashboard }) {
  return (
    <Card id="desk-new" title="New">
      <table className="desk-table">
        <caption className="visually-hidden">New {KIND_NOUNS}</caption>
        <thead>
          <tr>
            <th scope="col">Record</th>
            <th scope="col" className="num">
              Today
            </th>
            <th scope="col" className="num">
              This week
            </th>
          </tr>
        </thead>
        <tbody>
          {DESK_RECORD_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <a href={kindOf(kind).admin.panel}>{kindOf(kind).labels.many}</a>
              </th>
              <td className="num">
                <a
                  href={listHref(kindOf(kind).admin.panel, { from: data.today })}
                  aria-label={`${kindOf(kind).labels.many} today: ${data.records[kind].today}`}
                >
                  {data.records[kind].today}
                </a>
              </td>
              <td className="num">
                <a
                  href={listHref(kindOf(kind).admin.panel, { from: data.weekStart })}
                  aria-label={`${kindOf(kind).labels.many} this week: ${data.records[kind].week}`}
                >
                  {data.records[kind].week}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Fees({ data }: { data: Dashboard }) {
  const month = MONTH.format(new Date(`${data.monthStart}T00:00:00Z`));
  return (
    <Card id="desk-fees" title="Fees received this month">
      <p className="desk__amount">{RUPEES.format(data.fees.receivedPaise / 100)}</p>
      <p className="hint">
        {data.fees.payments === 0
          ? `No payments recorded in ${month}.`
          : `${month}: ${data.fees.payments} ${data.fees.payments === 1 ? 'receipt' : 'receipts'}, reversals subtracted.`}
      </p>
      {data.fees.payments > 0 && (
        <p className="desk-card__foot">
          Paid this month:{' '}
          {PAID_KINDS.map((name, i) => (
            <Fragment key={name}>
              {i > 0 && ' · '}
              <a href={listHref(kindOf(name).admin.panel, { paidFrom: data.monthStart })}>{kindOf(name).labels.noun}</a>
            </Fragment>
          ))}
        </p>
      )}
    </Card>
  );
}

function StatusCounts({ kind, data }: { kind: keyof Dashboard['records']; data: Dashboard }) {
  const {
    labels: { many: title, noun },
    admin: { panel },
  } = kindOf(kind);
  const figures = data.records[kind];
  return (
    <Card id={`desk-${kind}`} title={`${title} by status`}>
      <ul className="desk-counts">
        {figures.byStatus.map((s) => (
          <li key={s.status}>
            <a className="desk-counts__row" href={statusHref(panel, s.status)}>
              <span>{s.label}</span> <span className="desk-counts__n">{s.count}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="desk-card__foot">
        <a href={panel}>
          All {noun}: {figures.total}
        </a>
      </p>
    </Card>
  );
}

/** Documents parents sent again from the status page, waiting for the office to look at them. */
function Resent({ data }: { data: Dashboard }) {
  return (
    <Card id="desk-resent" title="Documents re-sent by parents">
      <p>
        <a className="desk-counts__row" href={RESENT_HREF}>
          <span>Re-sent by parents:</span> <span className="desk-counts__n">{data.resent}</span>
        </a>
      </p>
      <p className="hint">
        {data.resent === 0
          ? 'No re-sent document is waiting to be checked.'
          : 'Applications with a document sent again, waiting to be checked.'}
      </p>
    </Card>
  );
}

/** Online payments not counted (a mismatch) or not refunded (the gateway refused): shown only while there are some. */
function OnlineAttention({ data }: { data: Dashboard }) {
  return (
    <Card id="desk-online" title="Online payments to check">
      <p>
        <a className="desk-counts__row" href="/admin/payments">
          <span>Need the office:</span> <span className="desk-counts__n">{data.onlineAttention}</span>
        </a>
      </p>
      <p className="hint">
        Paid online but not counted: the amount did not match its order, or a refund the gateway refused. Call the
        family, and refund from the Razorpay dashboard where needed.
      </p>
    </Card>
  );
}

function FollowUps({ data }: { data: Dashboard }) {
  const { due, first } = data.followUps;
  return (
    <Card id="desk-follow-ups" title="Enquiries due for follow-up">
      {due === 0 ? (
        <p>No enquiry is due for a call today.</p>
      ) : (
        <>
          <ul className="desk-follow-ups">
            {first.map((f) => (
              <li key={f._id}>
                <a href={`/admin/enquiry/details/${encodeURIComponent(f._id)}`}>{f.studentName}</a>
                <span>{classText(f.admissionClass)}</span>
                <a href={`tel:+91${f.fatherMobile}`} aria-label={`Call ${f.fatherMobile}`}>
                  {f.fatherMobile}
                </a>
                <span>Due {formatDate(f.nextFollowUp)}</span>
              </li>
            ))}
          </ul>
          <p className="desk-card__foot">
            <a href={FOLLOW_UPS_HREF}>All {due} due for follow-up</a>
          </p>
        </>
      )}
    </Card>
  );
}

function Seats({ data }: { data: Dashboard }) {
  const { session, classes } = data.seats;
  return (
    <Card id="desk-seats" title={`Seats for ${session}`}>
      {classes.length === 0 ? (
        <p>No class has a seat limit for {session}.</p>
      ) : (
        <ul className="desk-counts">
          {classes.map((c) => {
            const full = c.admitted >= c.capacity;
            return (
              <li key={c.admissionClass}>
                <a
                  className={full ? 'desk-counts__row is-full' : 'desk-counts__row'}
                  href={listHref(kindOf('admission').admin.panel, { class: c.admissionClass, status: 'admitted' })}
                >
                  <span>
                    {classText(c.admissionClass)}
                    {full && <strong> Full</strong>}
                  </span>{' '}
                  <span className="desk-counts__n">
                    {c.admitted} of {c.capacity} admitted
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <p className="desk-card__foot">
        <a href={`/admin/seats?session=${encodeURIComponent(session)}`}>Seats by class</a>
      </p>
    </Card>
  );
}

const WARNING_TEXT: Record<DisclosureWarning['kind'], (label: string, date: string) => string> = {
  expiring: (label, date) => `${label}: valid until ${date}. Upload the renewed certificate before then.`,
  lapsed: (label, date) => `${label}: lapsed on ${date}. Upload the renewed certificate.`,
  'annual-report-due': (_label, date) => `The annual report is due by ${date} and is not uploaded yet.`,
  'annual-report-overdue': (_label, date) => `The annual report was due by ${date} and is still not uploaded.`,
};

/** What the Mandatory Public Disclosure needs soon (CBSE can penalise a lapsed or missing item): nothing when all is in order. */
function DisclosureWarnings({ warnings }: { warnings: DisclosureWarning[] }) {
  if (!warnings.length) return null;
  return (
    <section className="desk-warnings" aria-labelledby="desk-disclosure">
      <h2 id="desk-disclosure">Mandatory disclosure needs attention</h2>
      <ul>
        {warnings.map((w) => (
          <li
            key={`${w.kind}-${w.key}`}
            className={w.kind === 'lapsed' || w.kind === 'annual-report-overdue' ? 'is-late' : undefined}
          >
            {WARNING_TEXT[w.kind](documentLabel(w.key), formatDate(w.date))}
          </li>
        ))}
      </ul>
      <p>
        <a href="/admin/disclosure">Open the disclosure</a>
      </p>
    </section>
  );
}
