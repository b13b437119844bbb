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
  type AckWords,
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
  words: AckWords;
  lang: Language;
  /** Back to the form, for another child. */
  onAnother: () => void;
}

export function Acknowledgment({ ack, words, lang, onAnother }: Props) {
  const uid = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(ack.referenceNumber);
      toast.success(words['ack.copied'], { autoClose: 2000 });
    } catch {
      toast.error(words['ack.copyFailed']);
    }
  }

  const facts: [string, string][] = [
    [words['ack.student'], ack.studentName],
    [words['ack.dateOfBirth'], dayMonthYear(ack.dateOfBirth)],
    [words['ack.gender'], genderIn(words, ack.gender)],
    [words['ack.class'], classIn(words, ack.admissionClass)],
    [words['ack.submitted'], formatDateTime(ack.createdAt, lang)],
    [words['ack.address'], ack.address],
  ];
  return (
    <section className="ff-success ack" lang={lang} aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} ref={heading} tabIndex={-1}>
        {words['ack.heading']}
      </h2>
      <p>{words['ack.intro']}</p>
      <div className="ack-reference">
        <p>
          <span className="ack-label">{words['ack.reference']}</span>{' '}
          <strong className="ff-reference">{ack.referenceNumber}</strong>
        </p>
        <button
          type="button"
          className="ff-button ff-button--secondary"
          aria-label={words['ack.copyLabel']}
          onClick={() => void copy()}
        >
          {words['ack.copy']}
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
      <h3>{words['ack.documents']}</h3>
      {ack.documents.length ? (
        <ul className="ack-documents">
          {ack.documents.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      ) : (
        <p>{words['ack.noDocuments']}</p>
      )}
      <h3>{words['ack.next']}</h3>
      <ol className="ack-next">
        <li>{words['ack.next.check']}</li>
        <li>{fillIn(words['ack.next.call'], { mobile: ack.contactNo })}</li>
        <li>
          {fillNodes(words['ack.next.status'], {
            link: <a href={statusPath(ack.referenceNumber, lang)}>{words['ack.statusPage']}</a>,
          })}
        </li>
      </ol>
      <div className="ack-actions">
        <a
          className="ff-button"
          href={acknowledgmentHref(ack.referenceNumber, ack.contactNo, lang)}
          download={`acknowledgment-${ack.referenceNumber}.pdf`}
        >
          {words['ack.download']}
        </a>
        <a
          className="ff-button ff-button--secondary ack-whatsapp"
          href={whatsappHref(words, ack.referenceNumber, lang)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {words['ack.whatsapp']}
        </a>
        <button type="button" className="ff-button ff-button--secondary" onClick={onAnother}>
          {words['ack.another']}
        </button>
      </div>
    </section>
  );
}
