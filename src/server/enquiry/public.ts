/** POST /v1/api/enquiry: the home page's admission enquiry (spec 01 sections 3, 5, 7). */
import { queryOne } from '../db.ts';
import { json, readJson, type Handler } from '../http.ts';
import { countedInsert, rateLimit } from '../rate-limit.ts';
import { ENQUIRY_FIELDS, column, enquiryJson } from '../records/serialize.ts';
import { validateEnquiry } from '../../lib/forms/enquiry.ts';
import { MSG } from '../../lib/forms/messages.ts';
import { checkHoneypot, isUniqueViolation, refuse, submissionKey } from '../forms/common.ts';

export const ENQUIRIES_PER_MINUTE = 10;

const COLUMNS = [...ENQUIRY_FIELDS.map(column), 'submission_key'];
const insertEnquiry = countedInsert('enquiries', COLUMNS, 'enquiry', ENQUIRIES_PER_MINUTE, 60);
/** A request that stores nothing still counts toward the limit (429 past it). */
const countRequest = (ip: string) => rateLimit('enquiry', ip, ENQUIRIES_PER_MINUTE, 60);

export const createEnquiry: Handler = async (req, { ip }) => {
  let body: Record<string, unknown>;
  let result: ReturnType<typeof validateEnquiry>;
  try {
    body = await readJson(req);
    checkHoneypot(body);
    result = validateEnquiry(body);
    if (!result.ok) throw refuse(result);
  } catch (refusal) {
    // Refused input counts toward the limit too, and past it the answer is 429 rather than 400.
    await countRequest(ip);
    throw refusal;
  }
  const key = submissionKey(body);
  const values = [...ENQUIRY_FIELDS.map((f) => result.data[f]), key];
  let row: Record<string, unknown> | undefined;
  try {
    // The enquiry and its hit on the per-IP limit in one statement: one database round trip.
    row = await insertEnquiry(ip, values);
  } catch (error) {
    // The same submission again (its answer was lost on the way): the first one's answer, still counted.
    if (!key || !isUniqueViolation(error, 'submission_key')) throw error;
    await countRequest(ip);
    row = await queryOne(`SELECT * FROM enquiries WHERE submission_key = $1`, [key]);
  }
  return json({ message: MSG.enquirySuccess, enquiry: enquiryJson(row!) }, 201);
};
