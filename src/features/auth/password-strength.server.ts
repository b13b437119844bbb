/**
 * Whether a staff password is too weak to use, by zxcvbn-ts (common passwords, English words and
 * names, repeats, sequences, keyboard rows, dates) with the account's e-mail and the school's name
 * as words a guesser tries first. Server-only: the dictionaries are about 1.5 MB, loaded on the
 * first check, never in a browser bundle. Used by one's own password change, `npm run admin` and
 * `npm start`'s seed; a principal's add and reset give a random temporary password instead.
 */
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { site } from '../../config/site.ts';
import { passwordProblem } from './passwords.ts';

/**
 * zxcvbn's score 3 ("safely unguessable", about 10^8 guesses or more): beyond what the sign-in
 * throttle lets anyone try online, and costly offline against scrypt N=2^17. Score 4 would refuse
 * passwords office staff remember, like "BlueMango42!".
 */
export const MIN_PASSWORD_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooCommon: 'This password is too common: it is on the lists people try first. Choose another; a few words you can remember make a good password.',
  guessable:
    'This password is too easy to guess (a repeated letter, a run like 12345, a keyboard row, a date, a name or the school\'s name). Choose another; a few words you can remember make a good password.',
  containsEmail: 'The password must not contain your e-mail address or the name in it.',
} as const;
export type PasswordRefusal = keyof typeof PASSWORD_MESSAGES;

export interface PasswordWeakness {
  code: `password.${PasswordRefusal}` | 'password.short';
  message: string;
}

// zxcvbn's feedback keys (no translations loaded, so warnings come as keys) that mean "a listed password".
const COMMON = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

let checker: Promise<ZxcvbnFactory> | undefined;
function zxcvbn(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) => new core.ZxcvbnFactory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return checker;
}

const lettersAndDigits = (text: string) => text.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '');

/** The words a guesser who knows the account and the school tries: the e-mail, its parts, the school's names. */
function userInputs(email: string): string[] {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const school = [site.contact.name, site.contact.shortName];
  const words = [address, local, domain, ...local.split(/[^\p{L}\p{N}]+/u), ...domain.split('.')];
  // "RMCP School" is also tried as "rmcpschool", and each of its words alone.
  for (const name of school) words.push(name, lettersAndDigits(name), ...name.split(/[^\p{L}\p{N}]+/u));
  return words.filter((word) => word.length >= 3);
}

/** The e-mail's name part (before the @) inside the password, ignoring case, dots and other marks. */
function containsEmail(password: string, email: string): boolean {
  const local = lettersAndDigits(email.split('@')[0] ?? '');
  return local.length >= 3 && lettersAndDigits(password).includes(local);
}

/** Why `password` cannot be `email`'s, or undefined when it can: the length rule, then the e-mail, then zxcvbn. */
export async function passwordWeakness(password: string, email: string): Promise<PasswordWeakness | undefined> {
  const short = passwordProblem(password);
  if (short) return { code: 'password.short', message: short };
  if (containsEmail(password, email)) return refusal('containsEmail');
  const result: ZxcvbnResult = (await zxcvbn()).check(password, userInputs(email));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  return refusal(COMMON.has(result.feedback.warning ?? '') ? 'tooCommon' : 'guessable');
}

const refusal = (key: PasswordRefusal): PasswordWeakness => ({ code: `password.${key}`, message: PASSWORD_MESSAGES[key] });
