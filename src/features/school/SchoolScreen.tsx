/**
 * /admin/school: the principal edits the school's profile (./profile.ts), which every page,
 * receipt, acknowledgment and letter reads. The form is checked with the function's own schema
 * before it is sent; a refusal marks its fields. Office staff are told only the principal may.
 */
import { useEffect, useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import {
  SOCIAL_ICONS,
  SOCIAL_NAMES,
  putSchoolInUse,
  type SchoolProfile,
  type SocialIcon,
} from '../../lib/school-profile.ts';
import { PROFILE_LIMITS, validateProfile } from './profile-schema.ts';
import { exampleReference } from '../../lib/record-numbers.ts';
import { BANDS, CLASS_OPTIONS, classText, inClassOrder } from '../../lib/classes.ts';
import './school.css';

/** The form as typed: every box is text. */
interface Values {
  nameEn: string;
  nameHi: string;
  addressEn: string;
  addressHi: string;
  shortName: string;
  shortNameHi: string;
  affiliationNumber: string;
  schoolCode: string;
  referencePrefix: string;
  principalName: string;
  principalQualification: string;
  phones: string[];
  email: string;
  links: Record<SocialIcon, string>;
  latitude: string;
  longitude: string;
  zoom: string;
  classes: string[];
}

/** The classes' boxes by wing, as the admission forms group them. */
const WING_NAMES = { 'pre-primary': 'Pre-primary', middle: 'Middle', senior: 'Senior' } as const;

const PHONE_BOXES = PROFILE_LIMITS.phones;

function valuesOf(p: SchoolProfile): Values {
  const link = (icon: SocialIcon) => p.socialLinks.find((l) => l.icon === icon)?.url ?? '';
  return {
    nameEn: p.name.en,
    nameHi: p.name.hi,
    addressEn: p.address.en,
    addressHi: p.address.hi,
    shortName: p.shortName,
    shortNameHi: p.shortNameHi ?? '',
    affiliationNumber: p.affiliationNumber ?? '',
    schoolCode: p.schoolCode ?? '',
    referencePrefix: p.referencePrefix,
    principalName: p.principalName ?? '',
    principalQualification: p.principalQualification ?? '',
    phones: Array.from({ length: PHONE_BOXES }, (_, i) => p.phones[i] ?? ''),
    email: p.email ?? '',
    links: Object.fromEntries(SOCIAL_ICONS.map((icon) => [icon, link(icon)])) as Record<SocialIcon, string>,
    latitude: p.map ? String(p.map.latitude) : '',
    longitude: p.map ? String(p.map.longitude) : '',
    zoom: p.map ? String(p.map.zoom) : '',
    classes: [...p.classes],
  };
}

/** A number box: '' stays '' (the schema refuses it when the other map boxes are filled). */
const numberOf = (text: string) => (text.trim() === '' ? '' : Number(text));

/** PUT /v1/api/school's body by the API's names. */
function payloadOf(v: Values) {
  const map = [v.latitude, v.longitude, v.zoom].every((t) => t.trim() === '')
    ? null
    : { latitude: numberOf(v.latitude), longitude: numberOf(v.longitude), zoom: numberOf(v.zoom) };
  return {
    name: { en: v.nameEn, hi: v.nameHi },
    address: { en: v.addressEn, hi: v.addressHi },
    shortName: v.shortName,
    shortNameHi: v.shortNameHi,
    affiliationNumber: v.affiliationNumber,
    schoolCode: v.schoolCode,
    referencePrefix: v.referencePrefix,
    principalName: v.principalName,
    principalQualification: v.principalQualification,
    phones: v.phones.filter((p) => p.trim() !== ''),
    email: v.email,
    socialLinks: SOCIAL_ICONS.filter((icon) => v.links[icon].trim() !== '').map((icon) => ({
      icon,
      url: v.links[icon],
    })),
    map,
    classes: inClassOrder(v.classes),
  };
}

/** The box a refusal's field path belongs to ('name.hi' -> nameHi, 'phones.1' -> phone1, 'socialLinks.0.url' -> the link's network). */
function boxOf(path: string, v: Values): string {
  const [head, sub] = path.split('.');
  if (head === 'name' || head === 'address') return `${head}${sub === 'hi' ? 'Hi' : 'En'}`;
  if (head === 'phones') {
    // The payload leaves empty boxes out: its nth phone is the nth filled box.
    const filled = v.phones.flatMap((p, i) => (p.trim() ? [i] : []));
    return sub === undefined ? 'phone0' : `phone${filled[Number(sub)] ?? sub}`;
  }
  if (head === 'socialLinks') {
    const icons = SOCIAL_ICONS.filter((icon) => v.links[icon].trim() !== '');
    return `link-${icons[Number(sub)] ?? icons[0] ?? 'whatsapp'}`;
  }
  if (head === 'map') return sub ?? 'latitude';
  return head ?? 'form';
}

export default function SchoolScreen() {
  const principal = useIsPrincipal();
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="School profile" />
      {principal ? <ProfileForm /> : <p>Only the principal can change the school profile.</p>}
    </section>
  );
}

function ProfileForm() {
  const id = useId();
  const loaded = useLoad(
    () => getJson<SchoolProfile>('/school'),
    [],
    () => toast.error('Failed to load the school profile'),
  );
  const [values, setValues] = useState<Values>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (loaded.data) setValues(valuesOf(loaded.data));
  }, [loaded.data]);

  if (!values)
    return (
      <p className="admin-state" role="status">
        {loaded.failed ? 'Could not load the school profile.' : 'Loading...'}
      </p>
    );
  const v = values;
  const set = (patch: Partial<Values>) => setValues({ ...v, ...patch });

  // The schema names fields by the payload's paths; the form's errors and ids are its boxes'.
  const markBoxes = (fields: Record<string, string>) =>
    setErrors(Object.fromEntries(Object.entries(fields).map(([path, text]) => [boxOf(path, v), text])));
  const focusBox = (path: string) => document.getElementById(`${id}-${boxOf(path, v)}`)?.focus();

  function refused(fields: Record<string, string>, message: string) {
    markBoxes(fields);
    toast.error(message);
    const first = Object.keys(fields)[0];
    if (first) focusBox(first);
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const payload = payloadOf(v);
    const problem = validateProfile(payload);
    if (!problem.ok) return refused(problem.fields, problem.error);
    const saved = await saveForm<SchoolProfile>({
      path: '/school',
      method: 'PUT',
      body: payload,
      setErrors: markBoxes,
      focus: focusBox,
      setBusy,
      done: 'School profile saved',
      failed: 'Failed to save the school profile',
    });
    if (saved) {
      putSchoolInUse(saved);
      setValues(valuesOf(saved));
    }
  }

  /** A labelled box; `box` names it for errors and ids. */
  const field = (
    box: string,
    label: ReactNode,
    input: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
    hint?: string,
  ) => {
    const error = errors[box];
    const boxId = `${id}-${box}`;
    const described = [hint && `${boxId}-hint`, error && `${boxId}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="admin-field">
        <label htmlFor={boxId}>{label}</label>
        {hint && (
          <p id={`${boxId}-hint`} className="hint">
            {hint}
          </p>
        )}
        {input({ id: boxId, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
        {error && (
          <p id={`${boxId}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  const required = (
    <span className="required" aria-hidden="true">
      *
    </span>
  );
  const textBox = (
    box: string,
    label: string,
    value: string,
    onChange: (text: string) => void,
    options: {
      required?: boolean;
      max?: number;
      lang?: string;
      hint?: string;
      type?: string;
      inputMode?: 'numeric' | 'tel' | 'decimal' | 'email' | 'url';
    } = {},
  ) =>
    field(
      box,
      <>
        {label} {options.required && required}
      </>,
      (props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          lang={options.lang}
          value={value}
          maxLength={options.max}
          required={options.required}
          aria-required={options.required || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ),
      options.hint,
    );
  const areaBox = (box: string, label: string, value: string, onChange: (text: string) => void, lang?: string) =>
    field(
      box,
      <>
        {label} {required}
      </>,
      (props) => (
        <textarea
          {...props}
          rows={3}
          lang={lang}
          value={value}
          maxLength={PROFILE_LIMITS.address}
          required
          aria-required="true"
          onChange={(e) => onChange(e.target.value)}
        />
      ),
    );

  return (
    <form className="admin-form school-form" noValidate onSubmit={save} aria-busy={busy}>
      <p className="hint">
        What you save here is printed on acknowledgments and receipts and shown on the website. Leave a value empty
        until you have it: an empty value is left out, never printed as a placeholder.
      </p>
      {!loaded.data?.updatedAt && (
        <p className="school-form__sample">
          <span className="status-badge status-badge--waitlisted">Sample</span> Not saved yet: the website shows the
          starting facts below, without any phone or e-mail. Check them and save.
        </p>
      )}
      <fieldset>
        <legend>Name and address</legend>
        <div className="school-form__pair">
          {textBox('nameEn', 'School name (English)', v.nameEn, (t) => set({ nameEn: t }), {
            required: true,
            max: PROFILE_LIMITS.name,
          })}
          {textBox('nameHi', 'School name (Hindi)', v.nameHi, (t) => set({ nameHi: t }), {
            required: true,
            max: PROFILE_LIMITS.name,
            lang: 'hi',
          })}
          {areaBox('addressEn', 'Address (English)', v.addressEn, (t) => set({ addressEn: t }))}
          {areaBox('addressHi', 'Address (Hindi)', v.addressHi, (t) => set({ addressHi: t }), 'hi')}
        </div>
        <div className="school-form__pair">
          {textBox('shortName', 'Short name (English)', v.shortName, (t) => set({ shortName: t }), {
            required: true,
            max: PROFILE_LIMITS.shortName,
            hint: 'Shown in the site header and page titles.',
          })}
          {textBox('shortNameHi', 'Short name (Hindi)', v.shortNameHi, (t) => set({ shortNameHi: t }), {
            max: PROFILE_LIMITS.shortName,
            lang: 'hi',
            hint: 'Shown instead on the Hindi pages. Empty: they show the English one.',
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend>CBSE and principal</legend>
        <div className="school-form__pair">
          {textBox(
            'affiliationNumber',
            'CBSE affiliation number',
            v.affiliationNumber,
            (t) => set({ affiliationNumber: t }),
            { max: PROFILE_LIMITS.number, inputMode: 'numeric', hint: 'Digits only, as on the affiliation letter.' },
          )}
          {textBox('schoolCode', 'School code', v.schoolCode, (t) => set({ schoolCode: t }), {
            max: PROFILE_LIMITS.number,
            inputMode: 'numeric',
            hint: 'Digits only, as CBSE gives it.',
          })}
          {textBox(
            'referencePrefix',
            'Prefix of application and receipt numbers',
            v.referencePrefix,
            (t) => set({ referencePrefix: t.toUpperCase() }),
            {
              required: true,
              max: 6,
              hint: `2 to 6 capital letters, e.g. the school's initials: ${exampleReference(v.referencePrefix || 'ABC')}. Numbers already given keep theirs.`,
            },
          )}
          {textBox('principalName', "Principal's name", v.principalName, (t) => set({ principalName: t }), {
            max: PROFILE_LIMITS.person,
          })}
          {textBox(
            'principalQualification',
            "Principal's qualification",
            v.principalQualification,
            (t) => set({ principalQualification: t }),
            { max: PROFILE_LIMITS.qualification, hint: 'E.g. M.Sc., B.Ed.' },
          )}
        </div>
      </fieldset>
      <fieldset aria-describedby={`${id}-classes-hint${errors.classes ? ` ${id}-classes-error` : ''}`}>
        <legend>Classes the school has</legend>
        <p id={`${id}-classes-hint`} className="hint">
          The admission forms, the enquiry, seats and fees offer only these. Applications already made for a class you
          untick stay as they are.
        </p>
        {errors.classes && (
          <p id={`${id}-classes-error`} className="field-error">
            {errors.classes}
          </p>
        )}
        {BANDS.map((band) => (
          <fieldset key={band} className="school-form__classes">
            <legend>{WING_NAMES[band]}</legend>
            {CLASS_OPTIONS[band].map(({ label }) => (
              <label key={label} className="school-form__class">
                <input
                  type="checkbox"
                  id={label === 'P.N.C' ? `${id}-classes` : undefined}
                  checked={v.classes.includes(label)}
                  onChange={(e) =>
                    set({ classes: e.target.checked ? [...v.classes, label] : v.classes.filter((c) => c !== label) })
                  }
                />
                {classText(label)}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>
      <fieldset>
        <legend>Phone and e-mail</legend>
        {errors.phones && <p className="field-error">{errors.phones}</p>}
        <div className="school-form__pair">
          {v.phones.map((phone, i) =>
            textBox(
              `phone${i}`,
              i === 0 ? 'Office phone' : `Other phone ${i}`,
              phone,
              (t) => set({ phones: v.phones.map((p, j) => (j === i ? t : p)) }),
              {
                type: 'tel',
                inputMode: 'tel',
                max: PROFILE_LIMITS.phone,
                hint:
                  i === 0
                    ? 'As you write it: a landline with its STD code (0121-2345678) or a mobile. Parents are told to call this number.'
                    : undefined,
              },
            ),
          )}
        </div>
        {textBox('email', 'E-mail', v.email, (t) => set({ email: t }), {
          type: 'email',
          inputMode: 'email',
          max: PROFILE_LIMITS.url,
        })}
      </fieldset>
      <fieldset>
        <legend>Social links</legend>
        <p className="hint">The full address of each page, starting with https://. Leave a network empty to hide it.</p>
        <div className="school-form__pair">
          {SOCIAL_ICONS.map((icon) =>
            textBox(
              `link-${icon}`,
              SOCIAL_NAMES[icon],
              v.links[icon],
              (t) => set({ links: { ...v.links, [icon]: t } }),
              { type: 'url', inputMode: 'url', max: PROFILE_LIMITS.url },
            ),
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Map position</legend>
        <p className="hint">
          Where the footer's map points. Find the school on openstreetmap.org and copy the numbers from its address bar.
          Leave all three empty to hide the map.
        </p>
        <div className="school-form__three">
          {textBox('latitude', 'Latitude', v.latitude, (t) => set({ latitude: t }), { inputMode: 'decimal', max: 20 })}
          {textBox('longitude', 'Longitude', v.longitude, (t) => set({ longitude: t }), {
            inputMode: 'decimal',
            max: 20,
          })}
          {textBox('zoom', 'Zoom (1 to 19)', v.zoom, (t) => set({ zoom: t }), { inputMode: 'numeric', max: 2 })}
        </div>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
