/**
 * A parent's rights over the data the school holds about their child, as the details screens and
 * the server share them: which fields hold personal data (erased by the retention job or on
 * request, correctable on request), what confirms an erasure, and the words of refusals.
 */
import { fieldsIn, type Field } from '../../lib/record.ts';
import { kindOf, type KindName } from '../kinds.ts';

/** The kinds of record a parent's privacy requests reach: every kind in the list. */
export type PrivacyEntity = KindName;

/** The form's fields that hold personal data: what a parent may have corrected, and what erasure clears. */
export function personalFields(entity: PrivacyEntity): Field[] {
  const { definition, privacy } = kindOf(entity);
  return (fieldsIn(definition, 'form') as Field[]).filter(
    (f) => !f.hidden && f.kind !== 'file' && !(f.column in privacy.keptColumns),
  );
}

/** The columns of a field (an Aadhaar number is stored as three). */
const columnsOf = (f: Field) =>
  f.kind === 'aadhaar' ? [`${f.column}_enc`, `${f.column}_hash`, `${f.column}_last4`] : [f.column];

/** Every column erasure sets to NULL: the personal fields' and the kind's further personal columns. */
export function personalColumns(entity: PrivacyEntity): string[] {
  return [...personalFields(entity).flatMap(columnsOf), ...kindOf(entity).privacy.personalColumns];
}

export const PRIVACY_TEXTS = {
  admitted:
    "An admitted pupil's record is the school's record of that pupil and is kept: it cannot be erased. If the parent withdraws consent, record that instead.",
  erased: "This record's personal data has been erased.",
  confirmReference: "Type the application's reference number exactly to confirm the erasure.",
  confirmId: "Type the record's id exactly to confirm the erasure.",
  field: "Choose a field that holds the family's details.",
  value: 'The new value must be text.',
  same: 'That is already the stored value.',
  note: 'Write what the parent asked for and when.',
  notAdmitted: 'Withdrawal of consent is recorded only for an admitted pupil; any other record is erased instead.',
  already: "The parent's withdrawal of consent is already recorded.",
} as const;
