/**
 * What a record keeps of its parent's consent: the version of the notice agreed to, when, and in
 * which language. The version is a hash of the notice's whole text in both languages, so any change
 * of wording or of the settings it states is a new version; /privacy prints it.
 */
import { createHash } from 'node:crypto';
import type { ConsentRecord } from '../../lib/record.ts';
import { privacyNotice } from './notice.ts';

export const NOTICE_VERSION = createHash('sha256')
  .update(JSON.stringify([privacyNotice('en'), privacyNotice('hi')]))
  .digest('hex')
  .slice(0, 12);

export const consentRecord = (language: string, at = new Date()): ConsentRecord => ({
  noticeVersion: NOTICE_VERSION,
  at: at.toISOString(),
  language,
});
