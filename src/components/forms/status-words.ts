/**
 * The status pages' words in one language, read by the page at build time and handed to the island,
 * so its script carries only those words and not the message tables.
 */
import { EN } from '../../lib/messages/en.ts';
import { fill, type Language, type MessageCode } from '../../lib/messages/index.ts';
import { isFileFieldCode, isLookupRefusal, type StatusCode, type StatusText } from '../../lib/status-check.ts';

const isStatusCode = (code: string): code is StatusCode => code.startsWith('statusCheck.') || code === 'class.name' || isFileFieldCode(code) || isLookupRefusal(code);

export const statusText = (lang: Language): StatusText =>
  Object.fromEntries((Object.keys(EN) as MessageCode[]).filter(isStatusCode).map((code) => [code, fill(lang, code)])) as StatusText;
