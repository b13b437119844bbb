/** Every five minutes: the parents' e-mails, WhatsApp and SMS messages that are due (new ones whose first try failed, and retries). */
import type { Config } from '@netlify/functions';
import { anySender, deliverDue, describeDelivery } from '../../src/server/mailer.ts';

export const config: Config = {
  schedule: '*/5 * * * *',
};

/** At most this many a run: a scheduled function has 30 seconds. */
const PER_RUN = 100;

export default async (): Promise<Response> => {
  if (anySender()) console.log(`[messages] ${describeDelivery(await deliverDue(new Date(), { max: PER_RUN }))}`);
  return new Response(null, { status: 204 });
};
