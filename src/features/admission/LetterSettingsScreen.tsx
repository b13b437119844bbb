/**
 * /admin/admission-letter?session=2027-28: the admission letter's settings of a session. The
 * principal sets the reporting date and time, the originals to bring (each in English and Hindi) and
 * the letter's words; office staff read them. Until the principal saves a session, its letters say
 * the office will tell the reporting date.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useUrlQuery } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { checkLetterSettings, LETTER_LIMITS, type LetterSettings, type Original } from './letter.ts';

const settingsPath = (session: string) =>
  `/admission/letter-settings${session ? `?${new URLSearchParams({ session })}` : ''}`;

export default function LetterSettingsScreen() {
  const principal = useIsPrincipal();
  const [query, update] = useUrlQuery(['session'] as const);
  const loaded = useLoad(
    () => getJson<LetterSettings>(settingsPath(query.session)),
    [query.session],
    () => toast.error('Failed to load the admission letter settings'),
  );
  const settings = loaded.data;
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Admission letter">
        <a className="btn" href="/admin/admissions/panel">
          Admissions
        </a>
      </ScreenHeader>
      {!settings ? (
        <p className="admin-state" role="status">
          {loaded.failed ? 'Could not load the settings.' : 'Loading...'}
        </p>
      ) : (
        <>
          <SessionChoice settings={settings} onSession={(session) => update({ session })} />
          {!settings.saved && (
            <p>
              <span className="status-badge status-badge--waitlisted">Not set</span> Until the principal saves this
              session, its admission letters say the school office will tell the reporting date, and list the documents
              below.
            </p>
          )}
          {principal ? (
            <SettingsForm settings={settings} onSaved={loaded.reload} />
          ) : (
            <>
              <p>Only the principal can change the admission letter.</p>
              <SettingsView settings={settings} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function SessionChoice({ settings, onSession }: { settings: LetterSettings; onSession: (session: string) => void }) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={`${id}-session`}>Session</label>
      <select id={`${id}-session`} value={settings.session} onChange={(e) => onSession(e.target.value)}>
        {settings.sessions.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </div>
  );
}

const reportingText = (s: LetterSettings) =>
  s.reportingDate ? `${formatDate(s.reportingDate)}${s.reportingTime ? `, ${s.reportingTime}` : ''}` : 'Not set';

/** What the office sees: the settings as the letters print them. */
function SettingsView({ settings }: { settings: LetterSettings }) {
  return (
    <>
      <dl className="details-list">
        <div className="details-row">
          <dt>Reporting date and time</dt>
          <dd>{reportingText(settings)}</dd>
        </div>
      </dl>
      <h2>Original documents to bring</h2>
      <ol>
        {settings.originals.map((o, i) => (
          <li key={i}>
            {o.en} / <span lang="hi">{o.hi}</span>
          </li>
        ))}
      </ol>
      <h2>The letter&apos;s words</h2>
      <p>{settings.words.en}</p>
      <p lang="hi">{settings.words.hi}</p>
    </>
  );
}

interface Typed {
  reportingDate: string;
  reportingTime: string;
  originals: Original[];
  words: Original;
}

const typedOf = (s: LetterSettings): Typed => ({
  reportingDate: s.reportingDate ?? '',
  reportingTime: s.reportingTime ?? '',
  originals: s.originals.map((o) => ({ ...o })),
  words: { ...s.words },
});

function SettingsForm({ settings, onSaved }: { settings: LetterSettings; onSaved: () => void }) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>(() => typedOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTyped(typedOf(settings));
    setErrors({});
  }, [settings]);
  const set = (change: Partial<Typed>) => setTyped((t) => ({ ...t, ...change }));
  const setOriginal = (index: number, change: Partial<Original>) =>
    set({ originals: typed.originals.map((o, i) => (i === index ? { ...o, ...change } : o)) });

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const body = { session: settings.session, ...typed };
    const saved = await saveForm<LetterSettings, typeof body>({
      path: '/admission/letter-settings',
      method: 'PUT',
      body,
      check: (b) => {
        const checked = checkLetterSettings(b);
        return checked.ok ? checked : { ok: false, error: Object.values(checked.fields)[0]!, fields: checked.fields };
      },
      setErrors,
      focus: (field) => document.getElementById(`${id}-${field}`)?.focus(),
      setBusy,
      done: `Admission letter for ${settings.session} saved`,
      failed: 'Failed to save the admission letter',
    });
    if (saved) onSaved();
  }

  const error = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    );
  const invalid = (field: string) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {};

  return (
    <form className="admin-form" onSubmit={save} noValidate aria-busy={busy}>
      <fieldset>
        <legend>Reporting</legend>
        <p className="hint">The day and time admitted children come to the office. Leave both empty until decided.</p>
        <div className="admin-field">
          <label htmlFor={`${id}-reportingDate`}>Reporting date</label>
          <input
            id={`${id}-reportingDate`}
            type="date"
            value={typed.reportingDate}
            onChange={(e) => set({ reportingDate: e.target.value })}
            {...invalid('reportingDate')}
          />
          {error('reportingDate')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-reportingTime`}>Reporting time</label>
          <input
            id={`${id}-reportingTime`}
            type="time"
            value={typed.reportingTime}
            onChange={(e) => set({ reportingTime: e.target.value })}
            {...invalid('reportingTime')}
          />
          {error('reportingTime')}
        </div>
      </fieldset>
      <fieldset className="list-editor" aria-describedby={`${id}-originals-hint`}>
        <legend>Original documents to bring</legend>
        <p id={`${id}-originals-hint`} className="hint">
          Each document in English and in Hindi, in the order the letter lists them (up to {LETTER_LIMITS.originals}).
        </p>
        {error('originals')}
        <ol className="list-editor__items">
          {typed.originals.map((original, index) => (
            <li key={index}>
              <div className="admin-field">
                {/* The first box takes the list's errors and the focus a refusal moves there. */}
                <label htmlFor={index === 0 ? `${id}-originals` : `${id}-originals-${index}-en`}>
                  Document {index + 1} (English)
                </label>
                <input
                  id={index === 0 ? `${id}-originals` : `${id}-originals-${index}-en`}
                  type="text"
                  maxLength={LETTER_LIMITS.original}
                  value={original.en}
                  onChange={(e) => setOriginal(index, { en: e.target.value })}
                  {...invalid('originals')}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${id}-originals-${index}-hi`}>Document {index + 1} (Hindi)</label>
                <input
                  id={`${id}-originals-${index}-hi`}
                  type="text"
                  lang="hi"
                  maxLength={LETTER_LIMITS.original}
                  value={original.hi}
                  onChange={(e) => setOriginal(index, { hi: e.target.value })}
                  {...invalid('originals')}
                />
              </div>
              <button
                type="button"
                className="btn btn--small"
                aria-label={`Remove document ${index + 1}: ${original.en}`}
                onClick={() => set({ originals: typed.originals.filter((_, i) => i !== index) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn"
          disabled={typed.originals.length >= LETTER_LIMITS.originals}
          onClick={() => set({ originals: [...typed.originals, { en: '', hi: '' }] })}
        >
          Add a document
        </button>
      </fieldset>
      <fieldset>
        <legend>The letter&apos;s words</legend>
        <p className="hint">The paragraph printed above the list of documents.</p>
        {error('words')}
        <div className="admin-field">
          <label htmlFor={`${id}-words`}>Words (English)</label>
          <textarea
            id={`${id}-words`}
            rows={5}
            maxLength={LETTER_LIMITS.words}
            value={typed.words.en}
            onChange={(e) => set({ words: { ...typed.words, en: e.target.value } })}
            {...invalid('words')}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-words-hi`}>Words (Hindi)</label>
          <textarea
            id={`${id}-words-hi`}
            rows={5}
            lang="hi"
            maxLength={LETTER_LIMITS.words}
            value={typed.words.hi}
            onChange={(e) => set({ words: { ...typed.words, hi: e.target.value } })}
            {...invalid('words')}
          />
        </div>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save the admission letter'}
        </button>
      </div>
    </form>
  );
}
