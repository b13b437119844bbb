/**
 * Call and WhatsApp buttons for a record's parent: the office's real channel. Each WhatsApp button
 * opens a chat with the message already written (English or Hindi); the office reads it and sends.
 */
import { useId } from 'react';
import { telLink, whatsappLink } from '../../lib/contact.ts';

interface Props {
  /** The parent's 10-digit mobile number. */
  mobile: string;
  /** Who is called, for the buttons' accessible names (e.g. "the parent of Asha Verma"). */
  who: string;
  messages: { en: string; hi: string };
}

export function ContactActions({ mobile, who, messages }: Props) {
  const id = useId();
  if (!/^\d{10}$/.test(mobile)) return null;
  return (
    <section aria-labelledby={id} className="details-card">
      <h2 id={id}>Contact the parent</h2>
      <div className="admin-actions">
      <a className="btn btn--small" href={telLink(mobile)} aria-label={`Call ${mobile}, ${who}`}>Call {mobile}</a>
      <a className="btn btn--small" href={whatsappLink(mobile, messages.en)} target="_blank" rel="noopener" aria-label={`WhatsApp (English) to ${who}, opens WhatsApp`}>
        WhatsApp (English)
      </a>
      <a className="btn btn--small" href={whatsappLink(mobile, messages.hi)} target="_blank" rel="noopener" aria-label={`WhatsApp (हिन्दी) to ${who}, opens WhatsApp`}>
        WhatsApp (<span lang="hi">हिन्दी</span>)
      </a>
      </div>
    </section>
  );
}
