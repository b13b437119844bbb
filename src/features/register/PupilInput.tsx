/**
 * One box of a pupil's field, drawn from its line in the register's definition (./pupil.ts): its
 * label, kind, choices, hint and length, so the add form and the pupil's screen ask the same way.
 */
import { TextArea, TextInput, Select } from '../../components/forms/fields.tsx';
import { pupilField, type PupilField } from './schema.ts';
import '../../components/forms/forms.css';

interface Props {
  /** The form's id: each box's id is `${form}-${name}`, so a refusal can focus it. */
  form: string;
  name: PupilField;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** A hint of the screen's own instead of the definition's. */
  hint?: string;
}

export function PupilInput({ form, name, value, onChange, error, required, hint }: Props) {
  const field = pupilField(name);
  const common = {
    id: `${form}-${name}`,
    name,
    label: field.label,
    value,
    onChange,
    error,
    required,
    hint: hint ?? field.hint,
  };
  if (field.kind === 'textarea') return <TextArea {...common} rows={3} maxLength={field.max} />;
  if (field.kind === 'select')
    return (
      <Select
        {...common}
        placeholder={field.placeholder ?? 'Select'}
        options={(field.options ?? []).map((o) => ({ value: o, text: field.optionText?.(o) ?? o }))}
      />
    );
  return (
    <TextInput
      {...common}
      type={field.kind === 'date' ? 'date' : field.kind === 'phone' ? 'tel' : 'text'}
      inputMode={field.kind === 'phone' || field.kind === 'aadhaar' ? 'numeric' : undefined}
      autoComplete={field.autoComplete ?? 'off'}
      maxLength={field.max}
    />
  );
}
