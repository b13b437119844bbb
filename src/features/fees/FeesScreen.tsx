/**
 * /admin/fees?session=2027-28: the principal sets the admission fee of every class for a session
 * and the TC fee, and saves them at once; office staff read them. A session without fees of its
 * own shows the ones it carries over from, to be saved as its own. Amounts are whole rupees, typed
 * as a clerk types them ("8000", "8,000", "₹8,000"); the same schema checks them here and on the server.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useUrlQuery } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { classText } from '../../lib/classes.ts';
import { formatRupees } from '../../lib/money.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { classField, validateFees, type FeeSchedule } from './fees.ts';
import '../admission/seats.css';
import './fees.css';

const TC = 'transferCertificate';

export default function FeesScreen() {
  const principal = useIsPrincipal();
  const [query, update] = useUrlQuery(['session'] as const);
  const id = useId();
  const loaded = useLoad(
    () => getJson<FeeSchedule>(`/fees${query.session ? `?session=${encodeURIComponent(query.session)}` : ''}`),
    [query.session],
    () => toast.error('Failed to load the fees'),
  );
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loaded.data) return;
    const { admission, transferCertificate } = loaded.data;
    setTyped({ ...Object.fromEntries(admission.map((a) => [classField(a.admissionClass), a.amount === null ? '' : String(a.amount)])), [TC]: String(transferCertificate) });
    setErrors({});
  }, [loaded.data]);

  const header = (
    <ScreenHeader title="Fees">
      <a className="btn" href="/admissions/fees" target="_blank" rel="noopener">Public fee page</a>
    </ScreenHeader>
  );
  if (!loaded.data) {
    return <section aria-labelledby="screen-title">{header}<p className="admin-state" role="status">{loaded.failed ? 'Could not load the fees.' : 'Loading...'}</p></section>;
  }
  const fees = loaded.data;
  const carried = fees.setFor !== fees.session;

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const body = {
      session: fees.session,
      admission: fees.admission.map((a) => ({ admissionClass: a.admissionClass, amount: typed[classField(a.admissionClass)] ?? '' })),
      transferCertificate: typed[TC] ?? '',
    };
    const checked = validateFees(body);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(`${checked.error} See the marked fees.`);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { status, body: answer } = await answerOf(await apiJson('/fees', 'PUT', body));
      if (status === 200) {
        toast.success(`Fees for ${fees.session} saved: the public fee page shows them now.`);
        loaded.reload();
      } else {
        if (status === 400 && answer.fields) setErrors(answer.fields as Record<string, string>);
        toast.error(String(answer.error ?? 'Failed to save the fees'));
      }
    } catch {
      toast.error('Failed to save the fees');
    } finally {
      setBusy(false);
    }
  }

  const input = (field: string, label: string) => {
    const inputId = `${id}-${field}`;
    const error = errors[field];
    return (
      <>
        <label htmlFor={inputId} className="visually-hidden">{label}</label>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={typed[field] ?? ''}
          readOnly={!principal}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => setTyped((t) => ({ ...t, [field]: e.target.value }))}
        />
        {error && <p id={`${inputId}-error`} className="field-error">{error}</p>}
      </>
    );
  };

  return (
    <section aria-labelledby="screen-title">
      {header}
      {!principal && <p>Only the principal can change the fees.</p>}
      <form className="seats seats-editor fees-editor" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
        <div className="seats__head">
          <h2 id={`${id}-title`}>Fees for {fees.session}</h2>
          <div className="seats__session">
            <label htmlFor={`${id}-session`}>Session</label>
            <select id={`${id}-session`} value={fees.session} onChange={(e) => update({ session: e.target.value })}>
              {fees.sessions.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </div>
        </div>
        {carried && (
          <p className="hint" role="note">
            {fees.setFor
              ? `${fees.session} has no fees of its own yet: it charges those of ${fees.setFor}, shown here. Save to give ${fees.session} its own.`
              : `No fees are set yet. Enter every class's fee and save.`}
          </p>
        )}
        <p className="hint">Whole rupees, for example 8000 or 8,000; 0 for no fee. A change applies to every payment from now on; a family that has paid part keeps the fee it paid against.</p>
        {errors.admission && <p className="form-error" role="alert">{errors.admission}</p>}
        <table className="seats-table">
          <caption className="visually-hidden">Admission fee of each class for {fees.session}</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Admission fee (₹)</th>
            </tr>
          </thead>
          <tbody>
            {fees.admission.map(({ admissionClass }) => (
              <tr key={admissionClass}>
                <th scope="row">{classText(admissionClass)}</th>
                <td>{input(classField(admissionClass), `Admission fee of ${classText(admissionClass)} in rupees`)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Transfer certificate (every session)</th>
              <td>{input(TC, 'Transfer certificate fee in rupees')}</td>
            </tr>
          </tfoot>
        </table>
        {principal && (
          <p>
            <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving...' : 'Save fees'}</button>
          </p>
        )}
        {fees.updatedAt && <p className="hint">Last changed {new Date(fees.updatedAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}. TC fee now {formatRupees(fees.transferCertificate * 100)}.</p>}
      </form>
    </section>
  );
}
