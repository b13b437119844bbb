/**
 * The school's number series (admission numbers and TC numbers): the prefix, the next number and
 * the digits it is written with, so the register continues the paper register's numbering. The
 * principal changes them (PUT /v1/api/register/series); a refusal, such as a next number the
 * register already holds, is shown at its box. The office reads them.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { TextInput } from '../../components/forms/fields.tsx';
import { FieldList } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';

interface SeriesOne {
  prefix: string;
  nextNumber: number;
  width: number;
}
export type SeriesSettings = Record<SeriesName, SeriesOne>;
type SeriesName = 'admission' | 'tc';

/** Each series: its heading, and its name inside a box's label. */
const SERIES: readonly [SeriesName, string, string][] = [
  ['admission', 'Admission numbers', 'admission numbers'],
  ['tc', 'TC numbers', 'TC numbers'],
];
const BOXES = ['prefix', 'nextNumber', 'width'] as const;
type Box = (typeof BOXES)[number];
const LABELS: Record<Box, string> = { prefix: 'Prefix', nextNumber: 'Next number', width: 'Digits' };
const HINTS: Record<Box, string> = {
  prefix: "Written before the number, e.g. 'A/' (may be empty)",
  nextNumber: 'The number the next pupil or TC gets',
  width: "Zeros in front up to this many digits: 4 writes 42 as '0042'; 0 writes it as it is",
};

/** How the series writes a number, e.g. its next one: 'A/' 1452 → 'A/1452'; '' 42 with 4 digits → '0042'. */
export const seriesExample = (s: Pick<SeriesOne, 'prefix' | 'width'>, n: number) =>
  `${s.prefix}${String(n).padStart(s.width, '0')}`.toUpperCase();

type Values = Record<SeriesName, Record<Box, string>>;
const valuesOf = (s: SeriesSettings): Values =>
  Object.fromEntries(
    SERIES.map(([name]) => [
      name,
      { prefix: s[name].prefix, nextNumber: String(s[name].nextNumber), width: String(s[name].width) },
    ]),
  ) as Values;

/** The box a refusal names: 'admission.nextNumber', or a bare field (the admission series'). */
function boxOf(path: string): `${SeriesName}.${Box}` {
  const [head, tail] = path.split('.');
  const series: SeriesName = head === 'tc' ? 'tc' : 'admission';
  const box = (BOXES as readonly string[]).includes(tail ?? head ?? '') ? ((tail ?? head) as Box) : 'nextNumber';
  return `${series}.${box}`;
}

export default function SeriesView() {
  const principal = useIsPrincipal();
  const loaded = useLoad(
    () => getJson<SeriesSettings>('/register/series'),
    [],
    () => toast.error('Failed to load the number series'),
  );
  if (!loaded.data)
    return (
      <p className="admin-state" role="status">
        {loaded.failed ? 'Could not load the number series.' : 'Loading...'}
      </p>
    );
  return principal ? <SeriesForm saved={loaded.data} /> : <SeriesReadOnly series={loaded.data} />;
}

function SeriesReadOnly({ series }: { series: SeriesSettings }) {
  return (
    <div className="details-sections">
      <p className="hint">Only the principal can change the number series.</p>
      {SERIES.map(([name, title]) => (
        <section key={name} className="details-card" aria-labelledby={`series-${name}`}>
          <h2 id={`series-${name}`}>{title}</h2>
          <FieldList
            rows={[
              [LABELS.prefix, series[name].prefix],
              [LABELS.nextNumber, series[name].nextNumber],
              [LABELS.width, series[name].width || 'As it is'],
              ['The next is written', seriesExample(series[name], series[name].nextNumber)],
            ]}
          />
        </section>
      ))}
    </div>
  );
}

function SeriesForm({ saved }: { saved: SeriesSettings }) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setValues(valuesOf(saved)), [saved]);

  const boxId = (path: string) => `${id}-${boxOf(path).replace('.', '-')}`;
  const mark = (fields: Record<string, string>) =>
    setErrors(Object.fromEntries(Object.entries(fields).map(([path, text]) => [boxOf(path), text])));

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const body = Object.fromEntries(
      SERIES.map(([name]) => [
        name,
        {
          prefix: values[name].prefix.trim(),
          nextNumber: Number(values[name].nextNumber),
          width: Number(values[name].width || '0'),
        },
      ]),
    );
    const answer = await saveForm<SeriesSettings>({
      path: '/register/series',
      method: 'PUT',
      body,
      setErrors: mark,
      focus: (path) => document.getElementById(boxId(path))?.focus(),
      setBusy,
      done: 'Number series saved',
      failed: 'The number series could not be saved',
    });
    if (answer?.admission && answer.tc) setValues(valuesOf(answer));
  }

  return (
    <form onSubmit={save} className="register-series" noValidate>
      {SERIES.map(([name, title, inLabel]) => {
        const v = values[name];
        const width = Number(v.width || '0');
        const next = Number(v.nextNumber);
        return (
          <fieldset key={name}>
            <legend>{title}</legend>
            <div className="register-grid register-grid--three">
              {BOXES.map((box) => (
                <TextInput
                  key={box}
                  id={boxId(`${name}.${box}`)}
                  name={`${name}.${box}`}
                  label={`${LABELS[box]} (${inLabel})`}
                  value={v[box]}
                  inputMode={box === 'prefix' ? undefined : 'numeric'}
                  maxLength={box === 'prefix' ? 20 : 9}
                  hint={HINTS[box]}
                  required={box === 'nextNumber'}
                  error={errors[`${name}.${box}`]}
                  onChange={(text) => setValues((all) => ({ ...all, [name]: { ...all[name], [box]: text } }))}
                />
              ))}
            </div>
            <p className="hint" aria-live="polite">
              {Number.isInteger(next) && next > 0 && Number.isInteger(width) && width >= 0
                ? `The next is written ${seriesExample({ prefix: v.prefix.trim(), width }, next)}`
                : 'The next number must be a whole number above 0.'}
            </p>
          </fieldset>
        );
      })}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save the number series'}
        </button>
      </div>
    </form>
  );
}
