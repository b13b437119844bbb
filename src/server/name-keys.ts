/**
 * The name keys of the office's search: one loose Latin spelling of a name word, the same whether
 * the family wrote the name in Devanagari or in Latin letters, so that "Sharma" finds शर्मा and
 * आरव finds Aarav (recordSearch in src/features/record-search.server.ts; the keys are kept beside the names,
 * src/features/name-search.server.ts). Devanagari is romanised by Sanscript (ITRANS), then both scripts are
 * folded the same way: the spellings Hindi names take in English fall together (aa/a, ee/i, oo/u,
 * sh/s, v/w, z/j, f/ph, q/k, x/ks, y/i, doubled letters, an h after a consonant that Hindi
 * aspirates), and a short a or e after the first letter is dropped, because English spellings write
 * the unwritten Hindi schwa as they like (राजकुमार Rajkumar, वर्मा Verma, सिंह Singh). Keys are
 * matched by their start, as the names are, so a typed "Shar" finds शर्मा.
 *
 * A key only crosses scripts: a stored key says which script its word was in, and a typed Latin
 * word looks among the Devanagari words' keys (and the other way round). Within one script the
 * names' own words are matched exactly, so "Sai" lists no Latin Sita or Singh, as a key would.
 */
import Sanscript from '@indic-transliteration/sanscript';

const DEVANAGARI = /[\u0900-\u097F]/u;

/** A Devanagari word in ITRANS, with the spellings Hindi names take in English where ITRANS has its own marks. */
function romanised(word: string): string {
  const plain = word
    .normalize('NFD')
    // ड़ and ढ़ are written r (पहाड़ Pahar); every other nukta letter sounds close enough to its base (ज़ z ~ j).
    .replace(/[\u0921\u0922]\u093C/gu, '\u0930')
    .replace(/\u093C/gu, '');
  return Sanscript.t(plain, 'devanagari', 'itrans')
    .replace(/RR[iI]|R\^[iI]/g, 'ri') // ऋ: कृष्ण Krishna
    .replace(/j~n|GY/g, 'gy') // ज्ञ: ज्ञान Gyan
    .replace(/\.N|M|~n|~N/g, 'n') // anusvara, chandrabindu, ञ, ङ: संजय Sanjay
    .replace(/\.D/g, 'r');
}

/** Latin letters of a word, lower case, without accents or anything else. */
const latinLetters = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const collapse = (key: string) => key.replace(/(.)\1+/g, '$1');

/** The loose key of one word, in either script; '' for a word with no letter of either. */
export function nameKey(word: string): string {
  let key = latinLetters(DEVANAGARI.test(word) ? romanised(word) : word)
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/f/g, 'ph')
    .replace(/ck/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/ng/g, 'n')
    .replace(/([bcdgjkpst])h+/g, '$1');
  key = collapse(key.slice(0, 1) + key.slice(1).replace(/y/g, 'i'));
  key = collapse(key.slice(0, 1) + key.slice(1).replace(/[ae]/g, ''));
  // A final long i is written or not (चौधरी Chaudhary, पांडेय Pandey, दुबे Dubey), unless the key would be one letter (साई Sai).
  return key.length > 2 ? key.replace(/i$/, '') : key;
}

/** The words of a name: runs of letters and their marks, in any script. */
const nameWords = (text: string) => text.split(/[^\p{L}\p{M}]+/u).filter(Boolean);

/**
 * The tag in front of a stored key: the script of its word. A digit, because the names' own words
 * are kept beside the keys and a name has no digit (nameProblem refuses them), so a key never
 * meets a word of a name.
 */
const TAG = { devanagari: '1', latin: '2' } as const;

/** A word's key with its script's tag; undefined for a word of another script or without letters. */
function taggedKey(word: string): { script: keyof typeof TAG; key: string } | undefined {
  const script = DEVANAGARI.test(word) ? 'devanagari' : /[a-z]/i.test(word.normalize('NFD')) ? 'latin' : undefined;
  const key = script && nameKey(word);
  return script && key ? { script, key } : undefined;
}

/** The keys kept for a record's names: each word's, tagged, distinct, space-separated (to_tsvector('simple', ...) makes them a vector). */
export function storedKeys(names: readonly (string | null | undefined)[]): string {
  const keys = names
    .flatMap((name) => nameWords(name ?? ''))
    .map(taggedKey)
    .filter((k) => k !== undefined);
  return [...new Set(keys.map(({ script, key }) => TAG[script] + key))].join(' ');
}

/** What a typed word looks for among the stored keys: its key, tagged with the other script; undefined when it has none. */
export function crossKey(word: string): string | undefined {
  const tagged = taggedKey(word);
  return tagged && (tagged.script === 'latin' ? TAG.devanagari : TAG.latin) + tagged.key;
}
