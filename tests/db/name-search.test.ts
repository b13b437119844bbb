/**
 * The office's search across scripts, and phone numbers as families paste them, through the API on
 * a database of this file's own (PGlite here, PostgreSQL in the PostgreSQL pass): a child whose
 * parent wrote the names in Hindi is found by "Sharma" and "aarav", one written in Latin letters
 * by "आरव" and "शर्मा", in the three lists; the exact search still works within one script. A name
 * corrected is found by its new spelling only, erased names leave no keys, and records from before
 * the keys (as just after the migration) are found by their names until the hourly cleanup's
 * backfill gives them keys. A number
 * pasted as "+91 98111 22233" into any form is stored as its 10 digits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { staffClient, type ApiClient } from '../support/api.ts';
import { useInProcessSite } from '../support/in-process-site.ts';
import { createAdmission, createEnquiry, createTcRequest } from '../http/admin-fixtures.ts';
import { db } from '../http/forms-fixtures.ts';
import { KINDS } from '../../src/features/kinds.ts';
import { nameKey } from '../../src/server/name-keys.ts';
import { SEARCH_BATCH } from '../../src/features/name-search.server.ts';

useInProcessSite();

let principal: ApiClient;
const ids = (rows: { _id: string }[]) => rows.map((r) => r._id).sort();

/** The ids a list finds for `text` (its search parameter, as the office's screen sends it). */
async function found(list: 'enquiry' | 'admission' | 'tc-request', text: string): Promise<string[]> {
  const param = list === 'admission' ? 'searchName' : 'search';
  const res = await principal.request(`/v1/api/${list}?${param}=${encodeURIComponent(text)}&limit=100`);
  expect(res.status, text).toBe(200);
  const body = await res.json();
  return ids(Array.isArray(body) ? body : body.data);
}

const sorted = (...values: string[]) => [...values].sort();

let hindiEnquiry: string;
let latinEnquiry: string;
let otherEnquiry: string;

beforeAll(async () => {
  principal = (await staffClient('principal')).client;
  hindiEnquiry = (
    await createEnquiry({
      studentName: 'आरव शर्मा',
      fatherName: 'राकेश शर्मा',
      motherName: 'सुनीता देवी',
      fatherMobile: '+91 98111 22233',
    })
  )._id;
  latinEnquiry = (
    await createEnquiry({
      studentName: 'Aarav Sharma',
      fatherName: 'Rakesh Sharma',
      motherName: 'Sunita Devi',
      fatherMobile: '098111-22233',
    })
  )._id;
  otherEnquiry = (
    await createEnquiry({
      studentName: 'राहुल वर्मा',
      fatherName: 'Mahesh Verma',
      motherName: 'Geeta Verma',
      fatherMobile: '+91-97000-11122',
    })
  )._id;
}, 120_000);

describe('a pasted phone number', () => {
  it('is stored as its 10 digits by every form', async () => {
    const enquiries = await db().query(`SELECT id::text, father_mobile FROM enquiries`);
    expect(Object.fromEntries(enquiries.rows.map((r) => [r.id, r.father_mobile]))).toEqual({
      [hindiEnquiry]: '9811122233',
      [latinEnquiry]: '9811122233',
      [otherEnquiry]: '9700011122',
    });
    const tc = await createTcRequest({ contact: '91 9811122233' });
    expect(tc.contact).toBe('9811122233');
    const admission = await createAdmission({ contactNo: '(+91) 98111 22233' });
    expect(
      (await db().query(`SELECT contact_no FROM admissions WHERE id = $1`, [admission._id])).rows[0].contact_no,
    ).toBe('9811122233');
    // The office's list finds them by the number as pasted too.
    expect(await found('enquiry', '+91 98111 22233')).toEqual(sorted(hindiEnquiry, latinEnquiry));
  });

  it("is stored as its 10 digits when the principal corrects a record's number", async () => {
    const res = await principal.request(`/v1/api/enquiry/${otherEnquiry}/fields`, {
      method: 'PATCH',
      json: { field: 'fatherMobile', value: '+91 97000 33344' },
    });
    expect(res.status).toBe(200);
    expect(
      (await db().query(`SELECT father_mobile FROM enquiries WHERE id = $1`, [otherEnquiry])).rows[0].father_mobile,
    ).toBe('9700033344');
  });
});

describe('the search box across scripts', () => {
  it('finds a name written in Hindi by its Latin spelling, and one in Latin letters by its Hindi', async () => {
    const both = sorted(hindiEnquiry, latinEnquiry);
    for (const typed of [
      'Sharma',
      'sharma',
      'aarav',
      'Aarav Sharma',
      'shar',
      'आरव',
      'शर्मा',
      'आरव शर्मा',
      'Rakesh',
      'aarav शर्मा',
    ]) {
      expect(await found('enquiry', typed), typed).toEqual(both);
    }
    // The third family, Verma, in both scripts: found by either spelling, never the Sharmas.
    expect(await found('enquiry', 'Verma')).toEqual([otherEnquiry]);
    expect(await found('enquiry', 'वर्मा')).toEqual([otherEnquiry]);
    expect(await found('enquiry', 'Rahul')).toEqual([otherEnquiry]);
    // Every word must match one record: two families' words together, or a name nobody has, find nothing.
    expect(await found('enquiry', 'Aarav Verma')).toEqual([]);
    expect(await found('enquiry', 'Neha')).toEqual([]);
    expect(await found('enquiry', 'नेहा')).toEqual([]);
  });

  it('in the admissions and TC requests lists too', async () => {
    const hindi = await createAdmission({
      studentFirstName: 'आरव',
      studentMiddleName: 'कुमार',
      studentLastName: 'शर्मा',
      fatherFirstName: 'राकेश',
      fatherMiddleName: '',
      fatherLastName: 'शर्मा',
    });
    const latin = await createAdmission({
      studentFirstName: 'Aarav',
      studentMiddleName: 'Kumar',
      studentLastName: 'Sharma',
    });
    expect(await found('admission', 'Sharma')).toEqual(sorted(hindi._id, latin._id));
    expect(await found('admission', 'aarav kumar')).toEqual(sorted(hindi._id, latin._id));
    expect(await found('admission', 'आरव')).toEqual(sorted(hindi._id, latin._id));
    // The fixture's parents are Suresh and Geeta Verma.
    expect(await found('admission', 'सुरेश')).toContain(latin._id);

    const tcHindi = await createTcRequest({ studentName: 'आरव शर्मा', parentName: 'राकेश शर्मा' });
    const tcLatin = await createTcRequest({ studentName: 'Aarav Sharma', parentName: 'Rakesh Sharma' });
    expect(await found('tc-request', 'aarav')).toEqual(sorted(tcHindi._id, tcLatin._id));
    expect(await found('tc-request', 'शर्मा')).toEqual(sorted(tcHindi._id, tcLatin._id));
  });

  it('finds a corrected name by its new spelling only', async () => {
    const res = await principal.request(`/v1/api/enquiry/${hindiEnquiry}/fields`, {
      method: 'PATCH',
      json: { field: 'studentName', value: 'विवान शर्मा' },
    });
    expect(res.status).toBe(200);
    expect(await found('enquiry', 'aarav')).toEqual([latinEnquiry]);
    expect(await found('enquiry', 'Vivaan')).toEqual([hindiEnquiry]);
  });

  it('keeps no keys of erased names', async () => {
    const tc = await createTcRequest({ studentName: 'ज़ोया ख़ान', parentName: 'फ़रहान ख़ान' });
    expect(await found('tc-request', 'Zoya Khan')).toEqual([tc._id]);
    const erased = await principal.request(`/v1/api/tc-request/${tc._id}/erase`, {
      method: 'POST',
      json: { confirm: tc._id },
    });
    expect(erased.status).toBe(200);
    expect(await found('tc-request', 'Farhan')).toEqual([]);
    const { rows } = await db().query(`SELECT search_keys::text AS keys FROM tc_requests WHERE id = $1`, [tc._id]);
    expect(rows[0].keys).toBe('');
  });

  it('finds a record without keys by its names, and the hourly cleanup gives every record its keys', async () => {
    // As just after migration 0029, no record has keys, and more of them than a search makes keys for.
    for (const kind of KINDS) await db().query(`UPDATE ${kind.table} SET search_keys = NULL`);
    await db().query(
      `INSERT INTO enquiries (id, admission_class, student_name, father_name, mother_name, gender, date_of_birth, father_mobile, email,
         category, last_school_attended, father_occupation, mother_occupation, address, referred_by)
       SELECT ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, '5', 'Kabir Yadav', 'Mohan Yadav', 'Rekha Yadav', 'Male',
         '2016-01-01', '9000000000', '', 'GENERAL', '', '', '', 'Ward 1', ''
       FROM generate_series(1, $1) AS g`,
      [SEARCH_BATCH + 100],
    );
    const missing = async () =>
      Number((await db().query(`SELECT count(*) AS n FROM enquiries WHERE search_keys IS NULL`)).rows[0].n);
    const before = await missing();
    // The search makes the first batch's keys (the lowest ids: the 600 others) and finds the Sharmas by their names meanwhile.
    expect(await found('enquiry', 'Aarav Sharma')).toEqual([latinEnquiry]);
    expect(await missing()).toBe(before - SEARCH_BATCH);
    expect(
      (await db().query(`SELECT search_keys FROM enquiries WHERE id = $1`, [latinEnquiry])).rows[0].search_keys,
    ).toBeNull();

    const { cleanup } = await import('../../src/features/housekeeping/cleanup.server.ts');
    const keyless = Number(
      (
        await db().query(
          `SELECT (SELECT count(*) FROM enquiries WHERE search_keys IS NULL) + (SELECT count(*) FROM admissions) + (SELECT count(*) FROM tc_requests) AS n`,
        )
      ).rows[0].n,
    );
    expect((await cleanup()).nameKeys).toBe(keyless);
    for (const kind of KINDS)
      expect(
        (await db().query(`SELECT count(*)::int AS n FROM ${kind.table} WHERE search_keys IS NULL`)).rows[0].n,
        kind.table,
      ).toBe(0);
    // The names' own words, and one key per distinct word, tagged 2 for Latin letters.
    const words = ['Aarav', 'Sharma', 'Rakesh', 'Sunita', 'Devi'];
    const keys = (await db().query(`SELECT search_keys::text AS keys FROM enquiries WHERE id = $1`, [latinEnquiry]))
      .rows[0].keys;
    expect(keys.split(' ').sort()).toEqual(
      [...words.map((w) => `'${w.toLowerCase()}'`), ...words.map((w) => `'2${nameKey(w)}'`)].sort(),
    );
    expect(await found('enquiry', 'आरव')).toEqual([latinEnquiry]);
  });

  it("resets the keys on a change of any name column, the fields that hold a person's name", async () => {
    for (const kind of KINDS) {
      const { rows } = await db().query(
        `SELECT a.attname FROM pg_trigger t JOIN pg_attribute a ON a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr::int2[]) WHERE t.tgname = $1 ORDER BY a.attnum`,
        [`${kind.table}_search_keys_stale`],
      );
      expect(rows.map((r) => r.attname).sort(), kind.table).toEqual(
        kind.definition.fields
          .filter((f) => f.person)
          .map((f) => f.column)
          .sort(),
      );
    }
  });
});
