/**
 * Promotion: a class and section moves to the next session in one step. The clerk chooses the
 * class and section, sees its pupils (studying), marks the exceptions (stays in the class, or
 * leaves with the date and the reason: everyone else is promoted), chooses the class, section and
 * session they go to, and confirms once. POST /v1/api/register/promote does it in one transaction
 * and answers the counts, shown in a toast. A refusal is shown at its box or its pupil's row.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { academicSessionOn, sessionName } from '../../lib/sessions.ts';
import type { Paged } from '../../lib/record.ts';
import { Select, TextInput } from '../../components/forms/fields.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { pupilName, type Pupil } from './pupil.ts';
import { classSection } from './PupilList.tsx';

type Action = 'promote' | 'stay' | 'leave';
interface Choice {
  action: Action;
  leftOn: string;
  reason: string;
}
const ACTIONS: readonly [Action, string][] = [
  ['promote', 'Promote'],
  ['stay', 'Stays in class'],
  ['leave', 'Leaves'],
];

/** The class after `label` in the school's order ('' after class 12). */
const nextClass = (label: string) => ALL_CLASSES[ALL_CLASSES.indexOf(label as never) + 1] ?? '';

/** The session after '2026-27': '2027-28'. */
const sessionAfter = (session: string) => sessionName(Number(session.slice(0, 4)) + 1);

/** Every studying pupil of a class and section, in pages of 100, in the register's order. */
async function pupilsOf(klass: string, section: string): Promise<Pupil[]> {
  const out: Pupil[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ class: klass, status: 'studying', page: String(page), limit: '100' });
    if (section) params.set('section', section);
    const answer = await getJson<Paged<Pupil>>(`/register?${params}`);
    out.push(...answer.data.filter((p) => p.class === klass && (!section || p.section === section)));
    if (page >= answer.totalPages || answer.data.length === 0) return out;
  }
}

interface Counts {
  promoted?: number;
  stayed?: number;
  left?: number;
}

export default function PromotionView() {
  const id = useId();
  const [from, setFrom] = useState({ class: '', section: '' });
  const [pupils, setPupils] = useState<Pupil[]>();
  const [loading, setLoading] = useState(false);
  const [to, setTo] = useState({ class: '', section: '', session: '' });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function show(event: SubmitEvent) {
    event.preventDefault();
    if (!from.class) {
      setErrors({ fromClass: 'Choose the class to promote.' });
      document.getElementById(`${id}-fromClass`)?.focus();
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      const list = await pupilsOf(from.class, from.section.trim().toUpperCase());
      setPupils(list);
      setChoices({});
      setTo({
        class: nextClass(from.class),
        section: from.section.trim().toUpperCase(),
        session: sessionAfter(list[0]?.session || academicSessionOn(dateInIndia())),
      });
    } catch {
      toast.error('Failed to load the pupils of the class');
    } finally {
      setLoading(false);
    }
  }

  const choiceOf = (p: Pupil): Choice => choices[p._id] ?? { action: 'promote', leftOn: '', reason: '' };
  const setChoice = (p: Pupil, patch: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [p._id]: { ...choiceOf(p), ...patch } }));
  const count = (action: Action) => (pupils ?? []).filter((p) => choiceOf(p).action === action).length;

  /** The boxes the clerk must fill before the confirmation is asked. */
  function missing(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!to.class) out.toClass = 'Choose the class they go to.';
    if (!/^\d{4}-\d{2}$/.test(to.session)) out.session = "Write the session as '2027-28'.";
    (pupils ?? []).forEach((p) => {
      const c = choiceOf(p);
      if (c.action !== 'leave') return;
      if (!c.leftOn) out[`${p._id}.leftOn`] = 'Write the date of leaving.';
      if (!c.reason.trim()) out[`${p._id}.reason`] = 'Write the reason for leaving.';
    });
    return out;
  }

  function ask() {
    const problems = missing();
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`${id}-${first.replace('.', '-')}`)?.focus();
      toast.warning('Some boxes need filling before the promotion.');
      return;
    }
    setConfirming(true);
  }

  async function promote() {
    setConfirming(false);
    if (!pupils || busy) return;
    setBusy(true);
    const except = pupils.flatMap((p) => {
      const c = choiceOf(p);
      if (c.action === 'promote') return [];
      return [
        c.action === 'leave'
          ? { id: p._id, action: 'leave', leftOn: c.leftOn, reason: c.reason.trim() }
          : { id: p._id, action: 'stay' },
      ];
    });
    try {
      const { status, body } = await answerOf<Counts>(
        await apiJson('/register/promote', 'POST', {
          fromClass: from.class,
          fromSection: from.section.trim().toUpperCase(),
          toClass: to.class,
          toSection: to.section.trim().toUpperCase(),
          session: to.session.trim(),
          except,
        }),
      );
      if (status === 200 || status === 201) {
        toast.success(
          `Promotion done: ${body.promoted ?? 0} promoted to ${classText(to.class)}, ${body.stayed ?? 0} stay in ${classText(from.class)}, ${body.left ?? 0} left the school.`,
        );
        setPupils(undefined);
        setChoices({});
        return;
      }
      // The server names an exception by its place in the list it was sent ('except.0.leftOn').
      const fields = Object.fromEntries(
        Object.entries(body.fields ?? {}).map(([path, text]) => {
          const m = /^except\.(\d+)\.(\w+)$/.exec(path);
          const pupil = m ? except[Number(m[1])] : undefined;
          return [pupil ? `${pupil.id}.${m![2]}` : path, text];
        }),
      );
      setErrors(fields);
      toast.error(body.error ?? 'The promotion could not be done');
    } catch {
      toast.error('The promotion could not be done: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="register-promotion">
      <form onSubmit={show} className="register-grid register-grid--bar" noValidate>
        <Select
          id={`${id}-fromClass`}
          name="fromClass"
          label="Class to promote"
          value={from.class}
          placeholder="Select class"
          options={ALL_CLASSES.map((c) => ({ value: c, text: classText(c) }))}
          error={errors.fromClass}
          required
          onChange={(v) => setFrom((f) => ({ ...f, class: v }))}
        />
        <TextInput
          id={`${id}-fromSection`}
          name="fromSection"
          label="Section"
          value={from.section}
          maxLength={10}
          hint="Leave blank for every section"
          error={errors.fromSection}
          onChange={(v) => setFrom((f) => ({ ...f, section: v }))}
        />
        <div className="register-grid__button">
          <button type="submit" className="btn" disabled={loading}>
            {loading ? 'Loading...' : 'Show the pupils'}
          </button>
        </div>
      </form>
      {pupils && pupils.length === 0 && (
        <p role="status">
          No pupil is studying in {classText(from.class)} {from.section.toUpperCase()}.
        </p>
      )}
      {pupils && pupils.length > 0 && (
        <>
          <fieldset className="register-promotion__to">
            <legend>They go to</legend>
            <div className="register-grid register-grid--three">
              <Select
                id={`${id}-toClass`}
                name="toClass"
                label="Class they go to"
                value={to.class}
                placeholder="Select class"
                options={ALL_CLASSES.map((c) => ({ value: c, text: classText(c) }))}
                error={errors.toClass}
                required
                onChange={(v) => setTo((t) => ({ ...t, class: v }))}
              />
              <TextInput
                id={`${id}-toSection`}
                name="toSection"
                label="Section they go to"
                value={to.section}
                maxLength={10}
                error={errors.toSection}
                onChange={(v) => setTo((t) => ({ ...t, section: v }))}
              />
              <TextInput
                id={`${id}-session`}
                name="session"
                label="Next session"
                value={to.session}
                maxLength={7}
                hint="As '2027-28'"
                error={errors.session}
                required
                onChange={(v) => setTo((t) => ({ ...t, session: v }))}
              />
            </div>
          </fieldset>
          <div className="table-wrap">
            <table className="admin-table register-promotion__table">
              <caption>
                {pupils.length} pupil(s) of {classText(from.class)}
                {from.section ? ` ${from.section.toUpperCase()}` : ''}: everyone is promoted but those marked
              </caption>
              <thead>
                <tr>
                  <th scope="col">Adm. no.</th>
                  <th scope="col">Name</th>
                  <th scope="col">Class</th>
                  <th scope="col">What happens</th>
                </tr>
              </thead>
              <tbody>
                {pupils.map((p) => {
                  const c = choiceOf(p);
                  const name = pupilName(p);
                  return (
                    <tr key={p._id}>
                      <td data-label="Adm. no.">{p.admissionNumber}</td>
                      <td data-label="Name">{name}</td>
                      <td data-label="Class">{classSection(p)}</td>
                      <td data-label="What happens">
                        <fieldset className="register-choice">
                          <legend className="visually-hidden">What happens to {name}</legend>
                          {ACTIONS.map(([action, label]) => (
                            <label key={action}>
                              <input
                                type="radio"
                                name={`${id}-${p._id}`}
                                value={action}
                                checked={c.action === action}
                                onChange={() => setChoice(p, { action })}
                              />{' '}
                              {label}
                            </label>
                          ))}
                        </fieldset>
                        {c.action === 'leave' && (
                          <div className="register-grid">
                            <TextInput
                              id={`${id}-${p._id}-leftOn`}
                              name="leftOn"
                              type="date"
                              label={`Date of leaving of ${name}`}
                              value={c.leftOn}
                              error={errors[`${p._id}.leftOn`]}
                              required
                              onChange={(v) => setChoice(p, { leftOn: v })}
                            />
                            <TextInput
                              id={`${id}-${p._id}-reason`}
                              name="reason"
                              label={`Reason for leaving of ${name}`}
                              value={c.reason}
                              maxLength={300}
                              error={errors[`${p._id}.reason`]}
                              required
                              onChange={(v) => setChoice(p, { reason: v })}
                            />
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={ask}>
              {busy ? 'Promoting...' : 'Promote the class'}
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            confirmLabel="Promote"
            message={`${count('promote')} pupil(s) go to ${classText(to.class)}${to.section ? ` ${to.section.toUpperCase()}` : ''} for ${to.session}; ${count('stay')} stay in ${classText(from.class)}; ${count('leave')} leave the school. Go ahead?`}
            onConfirm={() => void promote()}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </div>
  );
}
