/** The TC verification page's words in one language, read by the page at build time and handed to its island (which then carries no text table). */
import { EN } from '../../lib/i18n/en.ts';
import { fill, type Language, type TextCode } from '../../lib/i18n/index.ts';
import type { VerifyCode, VerifyText } from './verification.ts';

const isVerifyCode = (code: TextCode): code is VerifyCode => code.startsWith('tcVerify.');

export const verifyText = (lang: Language): VerifyText =>
  Object.fromEntries(
    (Object.keys(EN) as TextCode[]).filter(isVerifyCode).map((code) => [code, fill(lang, code)]),
  ) as VerifyText;
