/**
 * The name keys of the office's search: a name in Devanagari and the same name as English spells it
 * have one key (so either finds the other), names that differ keep different keys, and a typed
 * word looks only among the other script's keys.
 */
import { describe, expect, it } from 'vitest';
import { crossKey, nameKey, storedKeys } from '../../src/server/name-keys.ts';

/** Names as families write them in Hindi, and as English spells them (more than one spelling where schools see them). */
const SAME: [hindi: string, ...latin: string[]][] = [
  ['शर्मा', 'Sharma', 'Sarma'],
  ['आरव', 'Aarav', 'Arav'],
  ['वर्मा', 'Verma', 'Varma'],
  ['सिंह', 'Singh'],
  ['कृष्ण', 'Krishna', 'Krishan'],
  ['ज्ञान', 'Gyan'],
  ['लक्ष्मी', 'Lakshmi', 'Laxmi'],
  ['पूजा', 'Pooja', 'Puja'],
  ['राजकुमार', 'Rajkumar', 'Raajkumar'],
  ['फ़रहान', 'Farhan'],
  ['ज़ोया', 'Zoya'],
  ['क़ासिम', 'Qasim', 'Kasim'],
  ['ख़ान', 'Khan'],
  ['भट्ट', 'Bhatt', 'Bhat'],
  ['सिद्धार्थ', 'Siddharth', 'Sidharth'],
  ['गौरव', 'Gaurav'],
  ['वैभव', 'Vaibhav'],
  ['श्रेया', 'Shreya'],
  ['संजय', 'Sanjay'],
  ['आनंद', 'Anand'],
  ['मोहम्मद', 'Mohammad'],
  ['ऋषि', 'Rishi'],
  ['श्रीवास्तव', 'Srivastava', 'Shrivastav'],
  ['नेहा', 'Neha'],
  ['मेहता', 'Mehta'],
  ['दीपक', 'Deepak'],
  ['हरप्रीत', 'Harpreet'],
  ['दिव्यांश', 'Divyansh'],
  ['नरेंद्र', 'Narendra'],
  ['आराध्या', 'Aaradhya'],
  ['ईशान', 'Ishaan'],
  ['अनन्या', 'Ananya'],
  ['साई', 'Sai'],
  ['शौर्य', 'Shaurya'],
  ['आदित्य', 'Aditya'],
  ['यादव', 'Yadav'],
  ['मिश्रा', 'Mishra'],
  ['पांडेय', 'Pandey'],
  ['पाण्डेय', 'Pandey'],
  ['पांडे', 'Pande', 'Pandey'],
  ['तिवारी', 'Tiwari'],
  ['दुबे', 'Dubey', 'Dube'],
  ['चौधरी', 'Chaudhary', 'Chaudhari'],
  ['अग्रवाल', 'Agarwal', 'Agrawal'],
  ['सक्सेना', 'Saxena'],
  ['कुशवाहा', 'Kushwaha'],
  ['अंसारी', 'Ansari'],
  ['चौहान', 'Chauhan'],
  ['त्रिपाठी', 'Tripathi'],
  ['जायसवाल', 'Jaiswal'],
  ['बाजपेयी', 'Bajpai', 'Bajpayee'],
  ['ध्रुव', 'Dhruv'],
  ['काव्या', 'Kavya'],
  ['सीता', 'Sita', 'Seeta'],
  ['गीता', 'Geeta', 'Gita'],
  ['राहुल', 'Rahul'],
  ['सुरेश', 'Suresh'],
  ['रमेश', 'Ramesh'],
  ['सुनीता', 'Sunita', 'Suneeta'],
  ['प्रियंका', 'Priyanka'],
  ['अंजलि', 'Anjali'],
  ['ज्योति', 'Jyoti'],
  ['श्याम', 'Shyam'],
  ['चंद्र', 'Chandra'],
  ['चन्द्र', 'Chandra'],
  ['प्रसाद', 'Prasad'],
  ['कुमार', 'Kumar'],
  ['देवी', 'Devi'],
  ['विवान', 'Vivaan', 'Vivan'],
];

/** Different names, which keys must keep apart. */
const DIFFERENT: [string, string][] = [
  ['Sharma', 'Verma'],
  ['शर्मा', 'Verma'],
  ['Ram', 'Shyam'],
  ['राम', 'श्याम'],
  ['Aarav', 'Arjun'],
  ['Neha', 'Nisha'],
  ['Sita', 'Gita'],
  ['Rahul', 'Rohan'],
  ['Kumar', 'Kamal'],
  ['Pooja', 'Priya'],
];

describe('nameKey', () => {
  it.each(SAME)('%s has the key of %s', (hindi, ...latin) => {
    for (const spelling of latin) expect(nameKey(spelling), spelling).toBe(nameKey(hindi));
  });
  it.each(DIFFERENT)('%s and %s keep different keys', (a, b) => {
    expect(nameKey(a)).not.toBe(nameKey(b));
  });
  it('folds case, accents and the nukta written either way', () => {
    expect(nameKey('SHARMA')).toBe(nameKey('sharma'));
    expect(nameKey('Zoë')).toBe(nameKey('Zoe'));
    expect(nameKey('\u095E\u0930\u0939\u093E\u0928')).toBe(nameKey('\u092B\u093C\u0930\u0939\u093E\u0928')); // फ़ as one character and as फ + nukta
  });
  it('has no key for what has no letter of either script', () => {
    expect(nameKey('...')).toBe('');
    expect(crossKey('-')).toBeUndefined();
    expect(crossKey('محمد')).toBeUndefined();
  });
});

describe('stored keys and typed words', () => {
  const finds = (typed: string, names: string[]) => {
    const key = crossKey(typed);
    return (
      key !== undefined &&
      storedKeys(names)
        .split(' ')
        .some((stored) => stored.startsWith(key))
    );
  };

  it.each([
    ['Sharma', ['आरव', 'शर्मा']],
    ['sharma', ['आरव शर्मा']],
    ['aarav', ['आरव शर्मा']],
    ['Shar', ['शर्मा']],
    ['Aar', ['आरव']],
    ['आरव', ['Aarav Sharma']],
    ['शर्मा', ['Aarav', 'Sharma']],
    ['शर', ['Sharma']],
    ['Verma', ['राहुल वर्मा']],
  ] as [string, string[]][])('%s finds %j', (typed, names) => {
    expect(finds(typed, names)).toBe(true);
  });

  it.each([
    // Within one script the names' own words are matched exactly, not by key.
    ['Sai', ['Sita Singh']],
    ['Arav', ['Aarav']],
    ['शर्मा', ['शर्मा']],
    ['Sharma', ['वर्मा']],
    ['आरव', ['Arjun']],
    ['Neha', ['निशा']],
  ] as [string, string[]][])('%s does not find %j by key', (typed, names) => {
    expect(finds(typed, names)).toBe(false);
  });

  it('keeps each word once, tagged by its script with a digit (a name has none)', () => {
    expect(storedKeys(['Aarav Sharma', 'आरव', null, 'Sharma'])).toBe(
      `2${nameKey('Aarav')} 2${nameKey('Sharma')} 1${nameKey('आरव')}`,
    );
    expect(storedKeys([null, '', '  '])).toBe('');
  });
});
