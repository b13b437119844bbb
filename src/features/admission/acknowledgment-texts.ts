/**
 * The acknowledgment's words in one language, picked from the text tables where the page is
 * built: the island gets only these, not both tables with every other message.
 */
import { EN, type TextCode } from '../../lib/i18n/en.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import type { AckCode, AckTexts } from './acknowledgment.ts';

const isAckCode = (code: TextCode): code is AckCode => code.startsWith('ack.') || code === 'class.name';
const ACK_CODES = (Object.keys(EN) as TextCode[]).filter(isAckCode);

// The templates as they are: the island fills in the values.
export const ackTexts = (language: Language): AckTexts =>
  Object.fromEntries(ACK_CODES.map((code) => [code, fill(language, code)])) as AckTexts;
