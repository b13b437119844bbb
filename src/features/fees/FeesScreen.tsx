/**
 * /admin/fees?session=2027-28: the principal keeps a session's whole fee structure, rows of
 * classes (one class, or a group charged alike) by columns of fees (admission, tuition, annual
 * charges, transport slabs, other charges), and the TC fee; saves it at once, and copies a saved
 * session to the next in one step. Office staff read it. A session not yet saved starts from the
 * latest saved one, or from the website's sample (marked so; no sample is ever public). On a phone
 * the rows stack, each box with its own label. Amounts are whole rupees as a clerk types them; the
 * same schema checks them here and on the server. The rows' classes are those the school offers
 * (its profile, as the answer lists them).
 */
import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useUrlQuery } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { classOrder as order, classText } from '../../lib/classes.ts';
import { sessionName } from '../../lib/sessions.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import {
  FEE_KINDS,
  PERIODS_OF,
  STARTING_NAMES,
  amountField,
  validateStructure,
  type FeeHead,
  type FeeKind,
  type FeePeriod,
  type FeeStructureAnswer,
} from './structure.ts';
import '../admission/seats.css';
import './fees.css';

const KIND_WORDS: Record<FeeKind, string> = {
  admission: 'Admission fee',
  tuition: 'Tuition',
  annual: 'Annual charges',
  transport: 'Transport (a distance slab)',
  other: 'Other charge',
};
const PERIOD_WORDS: Record<FeePeriod, string> = {
  once: 'Once',
  month: 'Per month',
  quarter: 'Per quarter',
  year: 'Per year',
};
const STATE_WORDS: Record<FeeStructureAnswer['state'], string> = {
  saved: 'Published',
  copy: 'Not saved',
  sample: 'Sample',
  blank: 'Not saved',
};
const TC = 'transferCertificate';

interface EditRow {
  key: number;
  from: string;
  to: string;
  amounts: Record<string, string>;
}
interface Edit {
  heads: FeeHead[];
  rows: EditRow[];
  tc: string;
}

/** The classes offered from `from` to `to`, in the school's order. */
const between = (classes: readonly string[], from: string, to: string) =>
  classes.filter((c) => order(c) >= Math.min(order(from), order(to)) && order(c) <= Math.max(order(from), order(to)));
let nextKey = 1;

function editOf(answer: FeeStructureAnswer): Edit {
  return {
    heads: answer.structure.heads.map((h) => ({ ...h, name: { ...h.name } })),
    rows: answer.structure.rows.map((r) => ({
      key: nextKey++,
      from: r.classes[0]!,
      to: r.classes.at(-1)!,
      amounts: Object.fromEntries(
        answer.structure.heads.map((h) => [
          h.id,
          r.amounts[h.id] === null || r.amounts[h.id] === undefined ? '' : String(r.amounts[h.id]),
        ]),
      ),
    })),
    tc: String(answer.transferCertificate),
  };
}

const bodyOf = (session: string, edit: Edit, classes: readonly string[]) => ({
  session,
  heads: edit.heads,
  rows: edit.rows.map((r) => ({ classes: between(classes, r.from, r.to), amounts: r.amounts })),
  transferCertificate: edit.tc,
});

const rowName = (r: EditRow) => (r.from === r.to ? classText(r.from) : `${classText(r.from)} to ${classText(r.to)}`);

export default function FeesScreen() {
  const principal = useIsPrincipal();
  const [query, update] = useUrlQuery(['session'] as const);
  const id = useId();
  const loaded = useLoad(
    () =>
      getJson<FeeStructureAnswer>(
        `/fees/structure${query.session ? `?session=${encodeURIComponent(query.session)}` : ''}`,
      ),
    [query.session],
    () => toast.error('Failed to load the fees'),
  );
  const [edit, setEdit] = useState<Edit>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [newKind, setNewKind] = useState<FeeKind>('other');
  const [confirmCopy, setConfirmCopy] = useState(false);

  useEffect(() => {
    if (!loaded.data) return;
    setEdit(editOf(loaded.data));
    setErrors({});
  }, [loaded.data]);

  const pristine = useMemo(
    () => (loaded.data ? JSON.stringify(bodyOf('', editOf(loaded.data), loaded.data.classes)) : ''),
    [loaded.data],
  );

  const header = (
    <ScreenHeader title="Fees">
      <a className="btn" href="/admissions/fees" target="_blank" rel="noopener">
        Public fee page
      </a>
    </ScreenHeader>
  );
  if (!loaded.data || !edit) {
    return (
      <section aria-labelledby="screen-title">
        {header}
        <p className="admin-state" role="status">
          {loaded.failed ? 'Could not load the fees.' : 'Loading...'}
        </p>
      </section>
    );
  }
  const fees = loaded.data;
  const dirty = JSON.stringify(bodyOf('', edit, fees.classes)) !== pristine;
  const next = sessionName(Number(fees.session.slice(0, 4)) + 1);
  const change = (fn: (e: Edit) => Edit) => setEdit((e) => (e ? fn(e) : e));

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy || !edit) return;
    const body = bodyOf(fees.session, edit, fees.classes);
    const checked = validateStructure(body, fees.classes);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(`${checked.error} See the marked boxes.`);
      return;
    }
    const saved = await saveForm({
      path: '/fees/structure',
      method: 'PUT',
      body,
      setErrors,
      setBusy,
      done: `Fee structure for ${fees.session} saved: the public fee page and the disclosure show it now.`,
      failed: 'Failed to save the fees',
    });
    if (saved) loaded.reload();
  }

  async function copy(replace: boolean) {
    setConfirmCopy(false);
    if (busy) return;
    setBusy(true);
    try {
      const { status, body: answer } = await answerOf(
        await apiJson('/fees/structure/copy', 'POST', { from: fees.session, to: next, replace }),
      );
      if (status === 200) {
        toast.success(`Copied to ${next}: it is published for ${next}. Change what differs there and save.`);
        update({ session: next });
      } else {
        toast.error(String(answer.error ?? 'Failed to copy the fees'));
      }
    } catch {
      toast.error('Failed to copy the fees');
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (field: string) => errors[field];
  /** A box with its label; `more`: words of the label only a screen reader reads (the row, the unit), the card on a phone showing them already. */
  const textInput = (
    field: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    opts: { numeric?: boolean; lang?: string; visibleLabel?: boolean; more?: string } = {},
  ) => {
    const inputId = `${id}-${field}`;
    const error = errorOf(field);
    return (
      <span className="fee-field">
        <label
          htmlFor={inputId}
          className={opts.visibleLabel ? 'fee-field__label' : 'fee-field__label fee-field__label--narrow'}
        >
          {label}
          {opts.more && <span className="visually-hidden">{opts.more}</span>}
        </label>
        <input
          id={inputId}
          type="text"
          inputMode={opts.numeric ? 'numeric' : undefined}
          lang={opts.lang}
          autoComplete="off"
          value={value}
          readOnly={!principal}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {error && (
          <span id={`${inputId}-error`} className="field-error">
            {error}
          </span>
        )}
      </span>
    );
  };
  const setHead = (i: number, patch: Partial<FeeHead>) =>
    change((e) => ({ ...e, heads: e.heads.map((h, k) => (k === i ? { ...h, ...patch } : h)) }));
  const setRow = (key: number, patch: Partial<EditRow>) =>
    change((e) => ({ ...e, rows: e.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  function addHead() {
    change((e) => {
      let n = e.heads.length + 1;
      while (e.heads.some((h) => h.id === `${newKind}-${n}`)) n++;
      const head: FeeHead = {
        id: `${newKind}-${n}`,
        kind: newKind,
        period: PERIODS_OF[newKind][0]!,
        name: { ...STARTING_NAMES[newKind] },
      };
      return {
        ...e,
        heads: [...e.heads, head],
        rows: e.rows.map((r) => ({ ...r, amounts: { ...r.amounts, [head.id]: '' } })),
      };
    });
  }
  function addRow() {
    change((e) => {
      const taken = new Set(e.rows.flatMap((r) => between(fees.classes, r.from, r.to)));
      const free = fees.classes.find((c) => !taken.has(c)) ?? fees.classes[0] ?? '';
      return {
        ...e,
        rows: [
          ...e.rows,
          { key: nextKey++, from: free, to: free, amounts: Object.fromEntries(e.heads.map((h) => [h.id, ''])) },
        ],
      };
    });
  }
  const classSelect = (row: EditRow, n: number, which: 'from' | 'to') => (
    <span className="fee-field">
      <label htmlFor={`${id}-${row.key}-${which}`} className="fee-field__label">
        {which === 'from' ? 'From' : 'To'}
        <span className="visually-hidden"> (row {n})</span>
      </label>
      <select
        id={`${id}-${row.key}-${which}`}
        value={row[which]}
        disabled={!principal}
        onChange={(ev) => setRow(row.key, { [which]: ev.target.value })}
      >
        {fees.classes.map((c) => (
          <option key={c} value={c}>
            {classText(c)}
          </option>
        ))}
      </select>
    </span>
  );

  return (
    <section aria-labelledby="screen-title">
      {header}
      {!principal && <p>Only the principal can change the fees.</p>}
      <form className="seats fees-editor" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
        <div className="seats__head">
          <h2 id={`${id}-title`}>
            Fee structure for {fees.session}{' '}
            <span className={`fee-state fee-state--${fees.state}`}>{STATE_WORDS[fees.state]}</span>
          </h2>
          <div className="seats__session">
            <label htmlFor={`${id}-session`}>Session</label>
            <select id={`${id}-session`} value={fees.session} onChange={(e) => update({ session: e.target.value })}>
              {fees.sessions.map((s) => (
                <option key={s} value={s}>
                  {s}
                  {fees.saved.includes(s) ? '' : ' (not published)'}
                </option>
              ))}
            </select>
          </div>
        </div>
        {fees.state === 'sample' && (
          <p className="hint fee-sample" role="note">
            These figures are a sample that came with the website, not the school's. They are on no public page: change
            them to the school's fees and save to publish them. The admission fee column is what families pay online
            now.
          </p>
        )}
        {fees.state === 'copy' && (
          <p className="hint" role="note">
            {fees.session} has no fee structure of its own: this is {fees.from}'s, shown as a start. The public pages
            say it is not yet published until you save it.
          </p>
        )}
        {fees.state === 'blank' && (
          <p className="hint" role="note">
            No fee structure is saved yet. Add the school's fees and the rows of classes, then save.
          </p>
        )}
        <p className="hint">
          Whole rupees, for example 1200 or 1,200; 0 for no fee; leave a box empty where that fee is not charged. The
          admission fee is the one families pay online: a change applies to payments from now on, and a family that has
          paid part keeps the fee it paid against.
        </p>
        {errors.heads && (
          <p className="form-error" role="alert">
            {errors.heads}
          </p>
        )}
        {errors.rows && (
          <p className="form-error" role="alert">
            {errors.rows}
          </p>
        )}

        <fieldset className="fee-heads">
          <legend>Fees the school charges</legend>
          <ol className="fee-heads__list">
            {edit.heads.map((h, i) => (
              <li key={h.id} className="fee-head">
                <span className="fee-head__kind">{KIND_WORDS[h.kind]}</span>
                {textInput(
                  `heads.${i}.name.en`,
                  'Name in English',
                  h.name.en,
                  (v) => setHead(i, { name: { ...h.name, en: v } }),
                  { visibleLabel: true },
                )}
                {textInput(
                  `heads.${i}.name.hi`,
                  'Name in Hindi',
                  h.name.hi,
                  (v) => setHead(i, { name: { ...h.name, hi: v } }),
                  { lang: 'hi', visibleLabel: true },
                )}
                <span className="fee-field">
                  <label htmlFor={`${id}-${h.id}-period`} className="fee-field__label">
                    Due
                  </label>
                  <select
                    id={`${id}-${h.id}-period`}
                    value={h.period}
                    disabled={!principal || PERIODS_OF[h.kind].length === 1}
                    onChange={(e) => setHead(i, { period: e.target.value as FeePeriod })}
                  >
                    {PERIODS_OF[h.kind].map((p) => (
                      <option key={p} value={p}>
                        {PERIOD_WORDS[p]}
                      </option>
                    ))}
                  </select>
                  {errorOf(`heads.${i}.period`) && <span className="field-error">{errorOf(`heads.${i}.period`)}</span>}
                </span>
                {principal && h.kind !== 'admission' && (
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => change((e) => ({ ...e, heads: e.heads.filter((x) => x.id !== h.id) }))}
                  >
                    Remove<span className="visually-hidden"> {h.name.en || KIND_WORDS[h.kind]}</span>
                  </button>
                )}
              </li>
            ))}
          </ol>
          {principal && (
            <p className="fee-heads__add">
              <label htmlFor={`${id}-kind`}>Kind of fee</label>
              <select id={`${id}-kind`} value={newKind} onChange={(e) => setNewKind(e.target.value as FeeKind)}>
                {FEE_KINDS.filter((k) => k !== 'admission').map((k) => (
                  <option key={k} value={k}>
                    {KIND_WORDS[k]}
                  </option>
                ))}
              </select>
              <button type="button" className="btn" onClick={addHead}>
                Add a fee
              </button>
            </p>
          )}
        </fieldset>

        <div className="table-wrap">
          <table className="seats-table fee-grid">
            <caption>Amounts for {fees.session}, in rupees: a row is a class or classes charged alike</caption>
            <thead>
              <tr>
                <th scope="col">Classes</th>
                {edit.heads.map((h) => (
                  <th scope="col" key={h.id}>
                    {h.name.en || KIND_WORDS[h.kind]}{' '}
                    <span className="fee-period">({PERIOD_WORDS[h.period].toLowerCase()})</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {edit.rows.map((r, i) => (
                <tr key={r.key}>
                  <th scope="row">
                    <span className="fee-row-name">{rowName(r)}</span>
                    <span className="fee-row-classes">
                      {classSelect(r, i + 1, 'from')}
                      {classSelect(r, i + 1, 'to')}
                      {principal && edit.rows.length > 1 && (
                        <button
                          type="button"
                          className="btn btn--small"
                          onClick={() => change((e) => ({ ...e, rows: e.rows.filter((x) => x.key !== r.key) }))}
                        >
                          Remove<span className="visually-hidden"> the row {rowName(r)}</span>
                        </button>
                      )}
                    </span>
                    {errorOf(`rows.${i}.classes`) && (
                      <span className="field-error">{errorOf(`rows.${i}.classes`)}</span>
                    )}
                    {errorOf(`rows.${i}.amounts`) && (
                      <span className="field-error">{errorOf(`rows.${i}.amounts`)}</span>
                    )}
                  </th>
                  {edit.heads.map((h) => (
                    <td key={h.id}>
                      {textInput(
                        amountField(i, h.id),
                        h.name.en || KIND_WORDS[h.kind],
                        r.amounts[h.id] ?? '',
                        (v) => setRow(r.key, { amounts: { ...r.amounts, [h.id]: v } }),
                        { numeric: true, more: `, ${rowName(r)}, in rupees` },
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {principal && (
          <p>
            <button type="button" className="btn" onClick={addRow}>
              Add a row of classes
            </button>
          </p>
        )}

        <div className="fee-tc">
          {textInput(
            TC,
            'Transfer certificate fee in rupees (every session)',
            edit.tc,
            (v) => change((e) => ({ ...e, tc: v })),
            { numeric: true, visibleLabel: true },
          )}
        </div>

        {principal && (
          <p className="admin-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save and publish'}
            </button>
            {fees.state === 'saved' && (
              <button
                type="button"
                className="btn"
                disabled={busy || dirty}
                onClick={() => (fees.saved.includes(next) ? setConfirmCopy(true) : void copy(false))}
              >
                Copy to {next}
              </button>
            )}
          </p>
        )}
        {principal && fees.state === 'saved' && dirty && (
          <p className="hint">Save your changes before copying this session.</p>
        )}
        {fees.updatedAt && (
          <p className="hint">
            Last saved{' '}
            {new Date(fees.updatedAt).toLocaleString('en-IN', {
              timeZone: 'Asia/Kolkata',
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
            .
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirmCopy}
        message={`${next} has a fee structure of its own. Replace it with a copy of ${fees.session}'s?`}
        confirmLabel="Replace"
        onConfirm={() => void copy(true)}
        onCancel={() => setConfirmCopy(false)}
      />
    </section>
  );
}
