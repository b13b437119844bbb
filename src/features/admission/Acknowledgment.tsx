/**
 * What the parent sees in place of the admission form once it is sent: the reference number (large,
 * with Copy), the class, when it was sent (India time), the documents received, what happens next,
 * the child's date of birth, gender and address, the acknowledgment as a PDF and a WhatsApp share. Every word comes from `words` (the `ack.*`
 * messages of `lang`); focus moves to its heading so a screen reader announces it.
 */
import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import type { Language } from '../../lib/i18n/index.ts';
import { dayMonthYear, formatDateTime } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.tsx';
import {
  acknowledgmentHref,
  classIn,
  fillIn,
  genderIn,
  statusPath,
  whatsappHref,
  type AckFacts,
  type AckTexts,
} from './acknowledgment.ts';
import './acknowledgment.css';

/** A template whose `{name}`s become the given elements. */
function fillNodes(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template
    .split(/\{(\w+)\}/)
    .map((part, i) => <Fragment key={i}>{i % 2 ? (values[part] ?? `{${part}}`) : part}</Fragment>);
}

interface Props {
  ack: AckFacts;
  texts: AckTexts;
  lang: Language;
  /** Back to the form, for another child. */
  onAnother: () => void;
}

export function Acknowledgment({ ack, texts, lang, onAnother }: Props) {
  const uid = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(ack.referenceNumber);
      toast.success(texts['ack.copied'], { autoClose: 2000 });
    } catch {
      toast.error(texts['ack.copyFailed']);
    }
  }

  const facts: [string, string][] = [
    [texts['ack.student'], ack.studentName],
    [texts['ack.dateOfBirth'], dayMonthYear(ack.dateOfBirth)],
    [texts['ack.gender'], genderIn(texts, ack.gender)],
    [texts['ack.class'], classIn(texts, ack.admissionClass)],
    [texts['ack.submitted'], formatDateTime(ack.createdAt, lang)],
    [texts['ack.address'], ack.address],
  ];
  return (
    <section className="ff-success ack" lang={lang} aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} ref={heading} tabIndex={-1}>
        {texts['ack.heading']}
      </h2>
      <p>{texts['ack.intro']}</p>
      <div className="ack-reference">
        <p>
          <span className="ack-label">{texts['ack.reference']}</span>{' '}
          <strong className="ff-reference">{ack.referenceNumber}</strong>
        </p>
        <button
          type="button"
          className="ff-button ff-button--secondary"
          aria-label={texts['ack.copyLabel']}
          onClick={() => void copy()}
        >
          {texts['ack.copy']}
        </button>
      </div>
      <dl className="ack-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{texts['ack.documents']}</h3>
      {ack.documents.length ? (
        <ul className="ack-documents">
          {ack.documents.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : (
        <p>{texts['ack.noDocuments']}</p>
      )}
      <h3>{texts['ack.next']}</h3>
      <ol className="ack-next">
        <li>{texts['ack.next.check']}</li>
        <li>{fillIn(texts['ack.next.call'], { mobile: ack.contactNo })}</li>
        <li>
          {fillNodes(texts['ack.next.status'], {
            link: <a href={statusPath(ack.referenceNumber, lang)}>{texts['ack.statusPage']}</a>,
          })}
        </li>
      </ol>
      <div className="ack-actions">
        <a
          className="ff-button"
          href={acknowledgmentHref(ack.referenceNumber, ack.contactNo, lang)}
          download={`acknowledgment-${ack.referenceNumber}.pdf`}
        >
          {texts['ack.download']}
        </a>
        <a
          className="ff-button ff-button--secondary ack-whatsapp"
          href={whatsappHref(texts, ack.referenceNumber, lang)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {texts['ack.whatsapp']}
        </a>
        <button type="button" className="ff-button ff-button--secondary" onClick={onAnother}>
          {texts['ack.another']}
        </button>
      </div>
    </section>
  );
}
