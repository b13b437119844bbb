/**
 * A rejected document's reason as the family reads it, in its language (its name: document-texts.ts):
 * the common reason's sentence (src/lib/document-reasons.ts) followed by the office's own words, or
 * the office's words alone. The status page and the letter asking for the document both say this.
 */
import { isDocumentReason } from '../../lib/document-reasons.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';

/** Why a document was rejected, in `language`: `code` is the common reason chosen (or null), `text` the office's words. */
export function rejectionReason(language: Language, code: unknown, text: string | null): string {
  const own = (text ?? '').trim();
  if (!isDocumentReason(code)) return own;
  const sentence = fill(language, `document.reason.${code}`);
  return own ? `${sentence} ${fill(language, 'statusCheck.reason.office', { reason: own })}` : sentence;
}
