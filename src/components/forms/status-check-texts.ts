/**
 * The status pages' words in one language, read by the page at build time and handed to the island,
 * so its script carries only those words and not the text tables.
 */
import { EN } from '../../lib/i18n/en.ts';
import { fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import {
  isFileFieldCode,
  isLookupRefusal,
  type StatusCheckCode,
  type StatusCheckText,
} from '../../lib/status-check.ts';

const isStatusCheckCode = (code: string): code is StatusCheckCode =>
  code.startsWith('statusCheck.') || code === 'class.name' || isFileFieldCode(code) || isLookupRefusal(code);

export const statusCheckText = (lang: Language): StatusCheckText =>
  Object.fromEntries(
    (Object.keys(EN) as TextCode[]).filter(isStatusCheckCode).map((code) => [code, fill(lang, code)]),
  ) as StatusCheckText;
