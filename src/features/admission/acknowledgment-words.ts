/**
 * The acknowledgment's words in one language, picked from the message tables where the page is
 * built: the island gets only these, not both tables with every other message.
 */
import { EN, type MessageCode } from '../../lib/messages/en.ts';
import { fill, type Language } from '../../lib/messages/index.ts';
import type { AckCode, AckWords } from './acknowledgment.ts';

const isAckCode = (code: MessageCode): code is AckCode => code.startsWith('ack.') || code === 'class.name';
const ACK_CODES = (Object.keys(EN) as MessageCode[]).filter(isAckCode);

// The templates as they are: the island fills in the values.
export const ackWords = (language: Language): AckWords => Object.fromEntries(ACK_CODES.map((code) => [code, fill(language, code)])) as AckWords;
