/**
 * Without SMTP_URL (as the local runtime runs by default): an enquiry's e-mail is queued with it,
 * and the sender's run (`npm run cleanup`) sends nothing and fails nothing. On a site and database
 * of this file's own, so its run of the job touches no other file's rows.
 */
import { describe, expect, it } from 'vitest';
import { runCleanup } from '../support/cleanup.ts';
import { useInProcessSite } from '../support/in-process-site.ts';
import { createEnquiry } from '../http/admin-fixtures.ts';
import { db } from '../http/forms-fixtures.ts';

useInProcessSite({ SMTP_URL: '' });

const messagesOf = async (recordId: string) =>
  (await db().query(`SELECT * FROM messages WHERE record_id = $1 ORDER BY created_at, id`, [recordId])).rows;

describe('without SMTP_URL', () => {
  it('queues the e-mail with the enquiry, sends nothing and fails nothing', async () => {
    const enquiry = await createEnquiry({ email: `nosmtp.${Date.now()}@example.in` });
    const [row] = await messagesOf(enquiry._id);
    expect(row).toMatchObject({ channel: 'email', state: 'queued', attempts: 0, last_error: null, sent_at: null });
    expect(await runCleanup({ env: { SMTP_URL: '' } })).toContain('SMTP_URL is not set: e-mails stay queued.');
    expect((await messagesOf(enquiry._id))[0]).toMatchObject({ state: 'queued', attempts: 0, last_error: null });
  });
});
