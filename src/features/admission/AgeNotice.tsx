/**
 * Under the date of birth: when the date puts the child outside the class's age range (the
 * school's rule, src/config/admissions.ts), a notice in the page's words and a box the parent ticks
 * to confirm the date. Nothing is refused: the server works the range out again and marks the
 * application for the office.
 */
import { dayMonthYear } from '../../lib/dates.ts';
import type { AgeCheck } from '../../lib/age.ts';
import type { Speaker } from '../../lib/forms/island-texts.ts';

interface Props {
  id: string;
  check: AgeCheck;
  /** How the chosen class reads on this page. */
  className: string;
  confirmed: boolean;
  error?: string;
  speak: Speaker;
  onConfirm: (confirmed: boolean) => void;
}

export function AgeNotice({ id, check, className, confirmed, error, speak, onConfirm }: Props) {
  // A baby born after the counting day of a session already begun is 0, not -1.
  const values = {
    age: String(Math.max(0, check.age)),
    date: dayMonthYear(check.countedOn),
    min: String(check.min),
    max: String(check.max),
    class: className,
  };
  return (
    <div className={`ff-field ff-age${error ? ' ff-field--error' : ''}`}>
      <p className="ff-note" id={`${id}-notice`} role="status">
        {speak.text('ageOutside', values)}
      </p>
      <div className="ff-consent__box">
        <input
          id={id}
          type="checkbox"
          data-field="ageConfirm"
          checked={confirmed}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-notice`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => onConfirm(e.target.checked)}
        />
        <label htmlFor={id}>
          {speak.text('ageConfirm')}
          <span className="ff-required" aria-hidden="true">
            {' *'}
          </span>
        </label>
      </div>
      {error && (
        <p className="ff-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
