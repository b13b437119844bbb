/**
 * A rejected document as the family reads it, in its language: the document's name and the reason,
 * the common reason's sentence (src/lib/document-reasons.ts) followed by the office's own words, or
 * the office's words alone. The status page and the letter asking for the document both say this.
 */
import { isDocumentReason } from '../../lib/document-reasons.ts';
import { fill, type Language } from '../../lib/messages/index.ts';
import { HI_FORMS } from '../../lib/messages/hi.ts';
import { fileLabel, type FileField } from './admission.ts';

/** A document's name in `language`: the form's label. */
export const documentName = (language: Language, field: FileField) => (language === 'hi' ? HI_FORMS.admission.fields[field].label : fileLabel(field));

/** Why a document was rejected, in `language`: `code` is the common reason chosen (or null), `text` the office's words. */
export function rejectionReason(language: Language, code: unknown, text: string | null): string {
  const own = (text ?? '').trim();
  if (!isDocumentReason(code)) return own;
  const sentence = fill(language, `document.reason.${code}`);
  return own ? `${sentence} ${fill(language, 'statusCheck.reason.office', { reason: own })}` : sentence;
}
