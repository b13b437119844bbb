/** POST /v1/api/enquiry: the home page's admission enquiry (spec 01 sections 3, 5, 7). */
import { queryOne } from '../db.ts';
import { json, readJson, type Handler } from '../http.ts';
import { rateLimit } from '../rate-limit.ts';
import { ENQUIRY_FIELDS, column, enquiryJson } from '../records/serialize.ts';
import { validateEnquiry } from '../../lib/forms/enquiry.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { checkHoneypot, isUniqueViolation, refuse, submissionKey } from '../forms/common.ts';

export const ENQUIRIES_PER_MINUTE = 10;

const COLUMNS = [...ENQUIRY_FIELDS.map(column), 'submission_key'];
const INSERT = `INSERT INTO enquiries (${COLUMNS.join(', ')})
  VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`;

export const createEnquiry: Handler = async (req, { ip }) => {
  await rateLimit('enquiry', ip, ENQUIRIES_PER_MINUTE, 60);
  const body = await readJson(req);
  checkHoneypot(body);
  const result = validateEnquiry(body);
  if (!result.ok) throw refuse(result);
  const key = submissionKey(body);
  const values = [...ENQUIRY_FIELDS.map((f) => result.data[f]), key];
  let row: Record<string, unknown> | undefined;
  try {
    row = await queryOne(INSERT, values);
  } catch (error) {
    // The same submission again (its answer was lost on the way): the first one's answer.
    if (!key || !isUniqueViolation(error, 'submission_key')) throw error;
    row = await queryOne(`SELECT * FROM enquiries WHERE submission_key = $1`, [key]);
  }
  return json({ message: MSG.enquirySuccess, enquiry: enquiryJson(row!) }, 201);
};
