/**
 * Whether a staff password is too weak to use, by zxcvbn-ts (common passwords, English words and
 * names, common Indian first names and surnames, repeats, sequences, keyboard rows, dates) with the
 * words a guesser who knows the school tries first: the account's e-mail, the school's own words
 * (its name, short name, town and address, principal, e-mail) and the roles' words ("Principal",
 * "Office", "Admin"). The password is also checked with its marks and spaces taken out, as a
 * guesser's rules put "@" or "#" between words: "RMCP@School2026" is judged as "rmcpschool2026".
 * Server-only: the dictionaries are about 1.5 MB, loaded on the first check, never in a browser
 * bundle. Used by one's own password change, `npm run admin` and `npm start`'s seed; a principal's
 * add and reset give a random temporary password instead.
 */
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import { site } from '../../config/site.ts';
import { ROLE_LABELS } from '../../lib/roles.ts';
import { schoolInUse, type SchoolProfile } from '../../lib/school-profile.ts';
import { passwordProblem } from './passwords.ts';
import { INDIAN_FIRST_NAMES, INDIAN_SURNAMES } from './indian-names.ts';

/**
 * zxcvbn's score 3 ("safely unguessable", about 10^8 guesses or more): beyond what the sign-in
 * throttle lets anyone try online, and costly offline against scrypt N=2^17. Score 4 would refuse
 * passwords office staff remember, like "BlueMango42!".
 */
export const MIN_PASSWORD_SCORE = 3;
/**
 * 10^7 tries for the pieces themselves: at the sign-in throttle's pace (about 300 guesses a day at
 * one account) longer than anyone works at a school, while "BlueMango42!" (10^8.1) still passes.
 */
export const MIN_PIECES_LOG10 = 7;

export const PASSWORD_TEXTS = {
  tooCommon:
    'This password is too common: it is on the lists people try first. Choose another; a few words you can remember make a good password.',
  guessable:
    "This password is too easy to guess (a repeated letter, a run like 12345, a keyboard row, a date, a name or the school's name). Choose another; a few words you can remember make a good password.",
  containsEmail: 'The password must not contain your e-mail address or the name in it.',
} as const;
export type PasswordRefusal = keyof typeof PASSWORD_TEXTS;

export interface PasswordWeakness {
  code: `password.${PasswordRefusal}` | 'password.short';
  message: string;
}

// zxcvbn's feedback keys (no translations loaded, so warnings come as keys) that mean "a listed password".
const COMMON = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);

let checker: Promise<ZxcvbnFactory> | undefined;
function zxcvbn(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: {
          ...common.dictionary,
          ...en.dictionary,
          indianFirstNames: [...INDIAN_FIRST_NAMES],
          indianSurnames: [...INDIAN_SURNAMES],
        },
        graphs: common.adjacencyGraphs,
      }),
  );
  return checker;
}

const lettersAndDigits = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** What people call the accounts and the admin area: a guesser at a school's sign-in tries these. */
const ROLE_WORDS = [
  'principal',
  'office',
  'admin',
  'administrator',
  'staff',
  'clerk',
  'teacher',
  'accounts',
  'school',
  'academy',
  'login',
  ...Object.values(ROLE_LABELS),
];

const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u);

/**
 * The words a guesser who knows the account and the school tries: the e-mail and its parts, the
 * school's names ("R.M.C.P." also as "rmcp", "RMCP School" also as "rmcpschool"), its address's
 * words (the town), its principal's name and e-mail and the site's domain, from the profile and
 * from the starting facts.
 */
function userInputs(email: string, school: SchoolProfile): string[] {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const found = [address, local, domain, ...words(local), ...domain.split('.'), ...ROLE_WORDS];
  const c = site.contact;
  const names = [school.name.en, school.shortName, c.name, c.shortName];
  for (const name of names) found.push(name, lettersAndDigits(name), ...words(name), ...words(name.replace(/\./g, '')));
  for (const text of [
    school.address.en,
    c.address,
    school.principalName ?? '',
    school.email ?? '',
    new URL(site.url).hostname,
  ])
    found.push(...words(text));
  return [...new Set(found.map((word) => word.toLowerCase()))].filter((word) => word.length >= 3);
}

/** The e-mail's name part (before the @) inside the password, ignoring case, dots and other marks. */
function containsEmail(password: string, email: string): boolean {
  const local = lettersAndDigits(email.split('@')[0] ?? '');
  return local.length >= 3 && lettersAndDigits(password).includes(local);
}

/**
 * What the pieces zxcvbn found cost a guesser who tries them in that pattern, as log10 of the tries:
 * their guesses multiplied, times the orders they could come in. zxcvbn's own estimate adds 10^4 per
 * piece past the first, so any three pieces count as 10^8 whatever they are; but a guesser at a
 * school's sign-in tries a first name, a surname and a number ("Sunita@Sharma1") long before that.
 */
function piecesLog10(result: ZxcvbnResult): number {
  let orders = 0;
  for (let n = 2; n <= result.sequence.length; n++) orders += Math.log10(n);
  return result.sequence.reduce((sum, match) => sum + Math.log10(match.guesses), orders);
}

/**
 * Why `password` cannot be `email`'s, or undefined when it can: the length rule, then the e-mail,
 * then zxcvbn on the password as typed and with its marks and spaces taken out (the weaker counts),
 * whose pieces must also cost MIN_PIECES_LOG10. `school` is the profile whose words count (the one
 * in use by default: the site's facts until a function has read the stored profile).
 */
export async function passwordWeakness(
  password: string,
  email: string,
  school: SchoolProfile = schoolInUse(),
): Promise<PasswordWeakness | undefined> {
  const short = passwordProblem(password);
  if (short) return { code: 'password.short', message: short };
  if (containsEmail(password, email)) return refusal('containsEmail');
  const checker = await zxcvbn();
  const inputs = userInputs(email, school);
  const typed = checker.check(password, inputs);
  const squeezed = lettersAndDigits(password);
  const bare = squeezed ? checker.check(squeezed, inputs) : typed;
  const weakest = bare.score < typed.score ? bare : typed;
  if (weakest.score >= MIN_PASSWORD_SCORE && piecesLog10(bare) >= MIN_PIECES_LOG10) return undefined;
  return refusal(COMMON.has(weakest.feedback.warning ?? '') ? 'tooCommon' : 'guessable');
}

const refusal = (key: PasswordRefusal): PasswordWeakness => ({
  code: `password.${key}`,
  message: PASSWORD_TEXTS[key],
});
