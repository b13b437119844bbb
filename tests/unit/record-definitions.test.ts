/**
 * Each record's definition is the one list of its fields: the migrations have a column for each,
 * the serializer answers each, and the form's schema checks each form field. A field added to a
 * definition without its migration, or a schema that stops reading the definition, fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsIn, type Field, type RecordDefinition } from '../../src/lib/record.ts';
import { recordJson, selectColumns } from '../../src/server/records.ts';
import { ADMISSION } from '../../src/features/admission/admission.ts';
import { validateAdmission } from '../../src/features/admission/schema.ts';
import { ENQUIRY } from '../../src/features/enquiry/enquiry.ts';
import { validateEnquiry } from '../../src/features/enquiry/schema.ts';
import { TC_REQUEST } from '../../src/features/tc-request/tc-request.ts';
import { validateTcRequest } from '../../src/features/tc-request/schema.ts';
import { VACANCY, validateVacancyInput } from '../../src/features/vacancies/vacancy.ts';
import { GALLERY_ITEM } from '../../src/features/gallery/gallery.ts';
import { FORM_TEXTS } from '../../src/lib/forms/texts.ts';
import { validAdmission, validEnquiry, validTc } from './forms-cases.ts';

const MIGRATIONS = resolve(import.meta.dirname, '../../netlify/database/migrations');
const sql = readdirSync(MIGRATIONS)
  .sort()
  .map((f) => readFileSync(join(MIGRATIONS, f), 'utf8'))
  .join('\n');

/** The columns the migrations give `table`: its CREATE TABLE body and every ADD COLUMN. */
function columnsOf(table: string): Set<string> {
  // A table renamed since it was made (jobs -> vacancies) has its columns under its first name.
  const renamed = new RegExp(`ALTER TABLE ([a-z_0-9]+) RENAME TO ${table};`).exec(sql)?.[1];
  const columns = renamed ? columnsOf(renamed) : new Set<string>();
  const create = new RegExp(`CREATE TABLE ${table} \\(([\\s\\S]*?)\\n\\);`).exec(sql)?.[1] ?? '';
  for (const line of create.split('\n')) {
    const name = /^\s+([a-z_0-9]+)\s+[a-z]/.exec(line)?.[1];
    if (name && !['primary', 'unique', 'check'].includes(name)) columns.add(name);
  }
  for (const m of sql.matchAll(new RegExp(`ALTER TABLE ${table} ADD COLUMN ([a-z_0-9]+)`, 'g'))) columns.add(m[1]!);
  return columns;
}

const DEFINITIONS: RecordDefinition[] = [ENQUIRY, TC_REQUEST, ADMISSION, VACANCY, GALLERY_ITEM];

describe.each(DEFINITIONS.map((d) => [d.entity, d] as const))('%s', (_, def) => {
  it('has a column in the migrations for every field it reads', () => {
    const columns = columnsOf(def.table);
    expect(columns.size).toBeGreaterThan(3);
    const read = selectColumns(def).split(', ');
    expect(read.filter((c) => !columns.has(c))).toEqual([]);
  });

  it('answers every field', () => {
    const row: Record<string, unknown> = { id: 'x', created_at: new Date(0), updated_at: new Date(0) };
    const json = recordJson(def, row);
    expect(Object.keys(json)).toEqual(expect.arrayContaining(def.fields.map((f) => f.name)));
  });
});

describe("the forms' schemas check every form field of their definition", () => {
  it.each([
    ['enquiry', ENQUIRY, () => validateEnquiry({})],
    ['tc-request', TC_REQUEST, () => validateTcRequest({})],
    ['vacancy', VACANCY, () => validateVacancyInput({}, 'create')],
  ] as const)('%s: an empty form names every form field', (_, def, check) => {
    const result = check();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // A hidden field (the form's language) is not typed, so never asked for; the consent box has its own rule, last; a field labelled optional is.
    const listed = fieldsIn(def as RecordDefinition, 'form')
      .filter((f) => f.kind !== 'list' && f.kind !== 'consent' && !f.hidden && !(f as Field).labelledOptional)
      .map((f) => f.name);
    expect(Object.keys(result.fields)).toEqual(expect.arrayContaining(listed));
  });

  it.each([
    [
      'enquiry',
      ENQUIRY,
      (v: Record<string, unknown>) => validateEnquiry({ ...validEnquiry(), ...v }),
      (d: unknown) => (d as Record<string, string>).language,
    ],
    [
      'tc-request',
      TC_REQUEST,
      (v: Record<string, unknown>) => validateTcRequest({ ...validTc(), ...v }),
      (d: unknown) => (d as Record<string, string>).language,
    ],
    [
      'admission',
      ADMISSION,
      (v: Record<string, unknown>) => validateAdmission({ ...validAdmission('pre-primary'), ...v }),
      (d: unknown) => (d as { text: Record<string, string> }).text.language,
    ],
  ] as const)(
    '%s: the hidden language field is English when not sent, Hindi when sent so, and anything else is refused',
    (_, def, check, language) => {
      expect(
        fieldsIn(def as RecordDefinition, 'form')
          .filter((f) => f.hidden)
          .map((f) => f.name),
      ).toEqual(['language']);
      const absent = check({});
      expect(absent.ok && language(absent.data)).toBe('en');
      const hindi = check({ language: 'hi' });
      expect(hindi.ok && language(hindi.data)).toBe('hi');
      for (const wrong of ['fr', 'HI', 'hindi']) {
        const refused = check({ language: wrong });
        expect(refused.ok ? 'accepted' : refused.fields.language).toBe(FORM_TEXTS.option);
      }
    },
  );

  it('admission: each text field is held to its length in the definition', () => {
    const texts = fieldsIn(ADMISSION, 'form').filter((f) => f.kind === 'text');
    expect(texts.length).toBeGreaterThan(9);
    for (const field of texts) {
      const result = validateAdmission({ ...validAdmission('pre-primary'), [field.name]: 'x'.repeat(field.max! + 1) });
      expect(result.ok ? 'accepted' : result.fields[field.name], field.name).toBe(FORM_TEXTS.tooLong);
    }
  });
});
