/**
 * The ABC (APAAR) ID with its select: the ID typed in, or REFUSED (the parent does not consent to
 * one) or NOGEN (it could not be generated), each with its one-line explanation. Either answer is
 * stored as the ID's value and spares the ABC card.
 */
import { FormField, Select } from '../../components/forms/fields.tsx';
import type { AbcTexts } from '../../lib/forms/island-texts.ts';
import { isAbcOptOut } from '../../lib/forms/consent.ts';
import type { Field } from '../../lib/record.ts';
import type { FieldTexts } from '../../lib/forms/island-texts.ts';

interface Props {
  field: Field;
  id: string;
  value: string;
  error?: string;
  texts: AbcTexts;
  /** The ID input's words, when the page is not in English. */
  fieldTexts?: FieldTexts;
  onChange: (value: string) => void;
}

export function AbcIdField({ field, id, value, error, texts, fieldTexts, onChange }: Props) {
  const choice = isAbcOptOut(value) ? value.trim().toUpperCase() : '';
  const chosen = texts.choices.find((c) => c.value === choice) ?? texts.choices[0]!;
  return (
    <div className="ff-abc">
      <Select
        id={`${id}-choice`}
        name="abcIdChoice"
        answersFor={field.name}
        label={texts.label}
        value={choice}
        hint={chosen.explain}
        required
        options={texts.choices.slice(1)}
        placeholder={texts.choices[0]!.text}
        onChange={(answer) => onChange(answer)}
      />
      {!choice && (
        <FormField field={field} id={id} value={value} error={error} required texts={fieldTexts} onChange={onChange} />
      )}
      {choice && error && (
        <p className="ff-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
