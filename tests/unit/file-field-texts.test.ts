/**
 * The document file field speaks the page's language wherever it shows: the forms hand it their
 * words (formText.*), and the status pages hand the words of a file field with their own, so the
 * Hindi status page's "send a new document" button is Hindi too (the browser's own
 * "Choose File" never shows).
 */
import { describe, expect, it } from 'vitest';
import { statusCheckText } from '../../src/components/forms/status-check-texts.ts';
import { HI } from '../../src/lib/i18n/hi.ts';
import { FORM_PART_TEXTS } from '../../src/lib/forms/texts.ts';
import { speaker, type FormTexts } from '../../src/lib/forms/island-texts.ts';

describe("a file field's words", () => {
  it('are Hindi on a Hindi page, as a school office writes them', () => {
    expect(HI['formText.fileChoose']).toBe('फ़ाइल चुनें');
    expect(HI['formText.fileChoosePhoto']).toBe('फ़ोटो चुनें');
    expect(HI['formText.clearForm']).toBe('फ़ॉर्म खाली करें');
  });

  it("come with the status page's words, in its language", () => {
    const english = speaker({ codes: statusCheckText('en') as unknown as FormTexts['codes'], fields: {} });
    expect([english.text('fileChoose'), english.text('fileHint')]).toEqual([
      FORM_PART_TEXTS.fileChoose,
      FORM_PART_TEXTS.fileHint,
    ]);
    const hindi = speaker({ codes: statusCheckText('hi') as unknown as FormTexts['codes'], fields: {} });
    expect([hindi.text('fileChoose'), hindi.text('fileChoosePhoto'), hindi.text('fileHint')]).toEqual([
      HI['formText.fileChoose'],
      HI['formText.fileChoosePhoto'],
      HI['formText.fileHint'],
    ]);
    expect(hindi.say('form.imageTooSmall', 'English')).toBe(HI['form.imageTooSmall']);
  });
});
