/**
 * Class lists: the clerk chooses a class, a section (or every section) and the language of the
 * headings and names (English, or Hindi with the Devanagari names), and opens the A4 PDF
 * (GET /v1/api/register/class-list) in a new tab to print.
 */
import { useId, useState } from 'react';
import { API_BASE } from '../../lib/api-client.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { Select, TextInput } from '../../components/forms/fields.tsx';

const LANGUAGES = [
  ['en', 'English'],
  ['hi', 'Hindi (हिंदी)'],
] as const;

export default function ClassListView() {
  const id = useId();
  const [klass, setKlass] = useState('');
  const [section, setSection] = useState('');
  const [lang, setLang] = useState<'en' | 'hi'>('en');
  const params = new URLSearchParams({ class: klass });
  if (section.trim()) params.set('section', section.trim().toUpperCase());
  params.set('lang', lang);
  const what = `${classText(klass)}${section.trim() ? ` ${section.trim().toUpperCase()}` : ''}`;

  return (
    <div className="register-class-lists">
      <div className="register-grid register-grid--three">
        <Select
          id={`${id}-class`}
          name="class"
          label="Class"
          value={klass}
          placeholder="Select class"
          options={ALL_CLASSES.map((c) => ({ value: c, text: classText(c) }))}
          required
          onChange={setKlass}
        />
        <TextInput
          id={`${id}-section`}
          name="section"
          label="Section"
          value={section}
          maxLength={10}
          hint="Leave blank for every section"
          onChange={setSection}
        />
        <fieldset className="register-choice register-choice--stacked">
          <legend>Language</legend>
          {LANGUAGES.map(([value, label]) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-lang`}
                value={value}
                checked={lang === value}
                onChange={() => setLang(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      {klass ? (
        <p>
          <a
            className="btn btn--primary"
            href={`${API_BASE}/register/class-list?${params}`}
            target="_blank"
            rel="noopener"
            aria-label={`Open the class list of ${what} in ${lang === 'hi' ? 'Hindi' : 'English'} (PDF, opens in a new tab)`}
          >
            Open the class list (PDF)
          </a>
        </p>
      ) : (
        <p className="hint">Choose a class to open its list.</p>
      )}
    </div>
  );
}
