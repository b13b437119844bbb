/**
 * The school's age rule (completed years on 31 March of the session's start year, a range
 * per class) and the forms' labels (no field is both labelled optional and required).
 */
import { describe, expect, it } from 'vitest';
import { ageRule } from '../../src/config/admissions.ts';
import { ALL_CLASSES, BANDS } from '../../src/lib/classes.ts';
import { ageCheck, completedYears } from '../../src/lib/age.ts';
import { BANDS_DEF, bandFields } from '../../src/features/admission/admission.ts';
import { ENQUIRY_FORM, ENQUIRY_REQUIRED } from '../../src/features/enquiry/schema.ts';
import { TC_FORM, TC_REQUIRED } from '../../src/features/tc-request/schema.ts';
import { privacy } from '../../src/config/privacy.ts';
import type { Field } from '../../src/lib/record.ts';

describe('the age rule', () => {
  it('counts completed years, a birthday on the counting day included', () => {
    expect(completedYears('2021-03-31', '2027-03-31')).toBe(6);
    expect(completedYears('2021-04-01', '2027-03-31')).toBe(5);
    expect(completedYears('2020-02-29', '2027-03-31')).toBe(7);
    expect(completedYears('2027-04-01', '2027-03-31')).toBe(-1);
  });

  it('has a range for every class, each a year on from the one before, two years wide', () => {
    expect(Object.keys(ageRule.ranges).sort()).toEqual([...ALL_CLASSES].sort());
    const mins = ALL_CLASSES.map((c) => ageRule.ranges[c]![0]);
    expect(mins).toEqual(Array.from({ length: ALL_CLASSES.length }, (_, i) => i + 3));
    for (const c of ALL_CLASSES) expect(ageRule.ranges[c]![1] - ageRule.ranges[c]![0], c).toBe(2);
    expect(ageRule.ranges['1']).toEqual([6, 8]);
  });

  it("checks a date of birth on 31 March of the session's start year", () => {
    expect(ageCheck('2022-03-31', 'K.G', '2027-28')).toEqual({
      age: 5,
      countedOn: '2027-03-31',
      min: 5,
      max: 7,
      outside: false,
    });
    expect(ageCheck('2022-04-01', 'K.G', '2027-28')).toMatchObject({ age: 4, outside: true });
    expect(ageCheck('2019-04-01', 'K.G', '2027-28')).toMatchObject({ age: 7, outside: false });
    expect(ageCheck('2019-03-31', 'K.G', '2027-28')).toMatchObject({ age: 8, outside: true });
    expect(ageCheck('2021-02-30', 'K.G', '2027-28')).toBeUndefined();
    expect(ageCheck('2021-06-01', 'LKG', '2027-28')).toBeUndefined();
  });
});

describe('labels', () => {
  const optional = (fields: readonly Field[]) => fields.filter((f) => f.labelledOptional).map((f) => f.name);

  it('no admission field is labelled optional and required; middle names are optional, date of birth, gender and address required', () => {
    for (const band of BANDS) {
      const fields = bandFields(band) as Field[];
      const required = BANDS_DEF[band].required as readonly string[];
      expect(
        optional(fields).filter((f) => required.includes(f)),
        band,
      ).toEqual([]);
      expect(optional(fields)).toEqual(
        expect.arrayContaining(['studentMiddleName', 'fatherMiddleName', 'motherMiddleName']),
      );
      expect(required).toEqual(expect.arrayContaining(['dateOfBirth', 'gender', 'address']));
    }
  });

  it('the enquiry and the TC form require exactly the fields not labelled optional', () => {
    const typed = (fields: readonly Field[]) =>
      fields.filter((f) => !f.hidden && f.kind !== 'consent').map((f) => f.name);
    expect([...ENQUIRY_REQUIRED].sort()).toEqual(
      typed(ENQUIRY_FORM)
        .filter((f) => !optional(ENQUIRY_FORM).includes(f))
        .sort(),
    );
    expect(optional(ENQUIRY_FORM).sort()).toEqual([
      'email',
      'fatherOccupation',
      'lastSchoolAttended',
      'motherOccupation',
      'referredBy',
    ]);
    expect([...TC_REQUIRED].sort()).toEqual(
      typed(TC_FORM)
        .filter((f) => !optional(TC_FORM).includes(f))
        .sort(),
    );
    expect(optional(TC_FORM)).toEqual(
      privacy.aadhaarRequired ? ['section', 'email'] : ['section', 'aadharUid', 'email'],
    );
  });
});
