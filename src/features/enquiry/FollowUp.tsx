/** The next follow-up date of an open enquiry, changed on its own (PATCH { nextFollowUp }). */
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { answerOf } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { TextInput } from '../../components/forms/fields.tsx';
import type { Enquiry } from './enquiry.ts';

export function FollowUp({ enquiry, onChanged }: { enquiry: Enquiry; onChanged: (enquiry: Enquiry) => void }) {
  const id = useId();
  const [date, setDate] = useState(enquiry.nextFollowUp ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(event: SubmitEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { status, body } = await answerOf<Enquiry>(
        await adminApi(`/enquiry/${encodeURIComponent(enquiry._id)}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ nextFollowUp: date }),
        }),
      );
      if (status !== 200) return setError(body.fields?.nextFollowUp ?? body.error ?? 'The date could not be saved.');
      setError(undefined);
      onChanged(body as Enquiry);
      toast.success(date ? `Next follow-up on ${formatDate(date)}.` : 'Follow-up date cleared.');
    } catch {
      toast.error('The date could not be saved: check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="follow-up" aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>Next follow-up</h3>
      <div className="follow-up__row">
        <TextInput
          id={`${id}-date`}
          name="nextFollowUp"
          type="date"
          label="Date"
          value={date}
          onChange={setDate}
          error={error}
        />
        <button type="submit" className="btn btn--small" disabled={busy}>
          Save date
        </button>
      </div>
    </form>
  );
}
