/**
 * Call and WhatsApp buttons for a record's parent: the office's real channel. Each WhatsApp button
 * opens a chat with the message already written (English or Hindi: the same letter an e-mail
 * carries); the office reads it and sends. The language the parent filled the form in comes first.
 */
import { useId } from 'react';
import { telLink, whatsappLink } from '../../lib/contact.ts';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, type Language } from '../../lib/i18n/index.ts';

interface Props {
  /** The parent's 10-digit mobile number. */
  mobile: string;
  /** Who is called, for the buttons' accessible names (e.g. "the parent of Asha Verma"). */
  who: string;
  messages: Record<Language, string>;
  /** The language the form was filled in. */
  language?: string;
}

export function ContactActions({ mobile, who, messages, language }: Props) {
  const id = useId();
  if (!/^\d{10}$/.test(mobile)) return null;
  const preferred = isLanguage(language) ? language : undefined;
  const order = [...LANGUAGES].sort((a, b) => Number(b === preferred) - Number(a === preferred));
  return (
    <section aria-labelledby={id} className="details-card">
      <h2 id={id}>Contact the parent</h2>
      <div className="admin-actions">
        <a className="btn btn--small" href={telLink(mobile)} aria-label={`Call ${mobile}, ${who}`}>
          Call {mobile}
        </a>
        {order.map((lang) => {
          const own = lang === preferred ? " – form's language" : '';
          return (
            <a
              key={lang}
              className="btn btn--small"
              href={whatsappLink(mobile, messages[lang])}
              target="_blank"
              rel="noopener"
              aria-label={`WhatsApp (${LANGUAGE_NAMES[lang]})${own}, to ${who}, opens WhatsApp`}
            >
              WhatsApp (<span lang={lang}>{LANGUAGE_NAMES[lang]}</span>){own}
            </a>
          );
        })}
      </div>
    </section>
  );
}
