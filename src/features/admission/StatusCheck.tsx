/**
 * /admissions/status: a parent looks up an application by its reference number and the form's
 * mobile number, and sees its status in words, when it last changed, the fee and what it is for, what
 * to do next, each document the office rejected, with the reason and a way to send a new file for it
 * (uploaded at once as on the form, then sent with POST /v1/api/admission/status/replace), and the
 * family's receipts, each a PDF; an admitted family's admission letter, a PDF proven by the same pair.
 */
import { useId, useState } from 'react';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { receiptHref, type StatusCheckText } from '../../lib/status-check.ts';
import { classIn } from './acknowledgment.ts';
import { toast } from '../../lib/toast.tsx';
import { FileField, type UploadState } from '../../components/forms/FileField.tsx';
import { Receipts, StatusFacts, StatusLookup, problemOf, textsFor } from '../../components/forms/StatusLookup.tsx';
import { checkAdmissionLookup, type AdmissionStatusAnswer, type MissingDocument } from './status-check.ts';
import { PayOnline } from '../payments/PayOnline.tsx';
import { letterHref } from './letter.ts';
import { speaker, type FormTexts, type Speaker } from '../../lib/forms/island-texts.ts';

type Pair = { referenceNumber: string; contactNo: string };

/** `text`: the words of the page's language (statusCheckText), handed by the page; `files`: its words for a document field (English when absent). */
export default function StatusCheck({
  lang = 'en',
  text,
  files,
}: {
  lang?: Language;
  text: StatusCheckText;
  files?: FormTexts;
}) {
  const t = textsFor(text);
  const speak = speaker(files);
  return (
    <StatusLookup<Pair, AdmissionStatusAnswer>
      lang={lang}
      text={text}
      number={{
        name: 'referenceNumber',
        label: 'statusCheck.field.reference',
        hint: 'statusCheck.field.referenceHint',
        param: 'ref',
      }}
      check={checkAdmissionLookup}
      path="/admission/status"
      notFound="statusCheck.notFound.admission"
      heading={(answer) => t('statusCheck.result.admission', { reference: answer.referenceNumber })}
    >
      {(answer, pair, update) => (
        <>
          <StatusFacts
            answer={answer}
            lang={lang}
            text={text}
            before={[
              [t('statusCheck.result.student'), answer.studentFirstName],
              [t('statusCheck.result.class'), classIn(text, answer.admissionClass)],
            ]}
          />
          {answer.status === 'admitted' && (
            <div className="sc-letter">
              <p>{t('statusCheck.letter.intro')}</p>
              <a
                className="ff-button"
                href={letterHref(pair.referenceNumber, pair.contactNo, lang)}
                download={`admission-letter-${answer.referenceNumber}.pdf`}
              >
                {t('statusCheck.letter.download')}
              </a>
            </div>
          )}
          <PayOnline
            kind="admission"
            number={pair.referenceNumber}
            contactNo={pair.contactNo}
            answer={answer}
            lang={lang}
            text={text}
          />
          {answer.missing.length > 0 && (
            <>
              <h3>{t('statusCheck.missing.heading')}</h3>
              <p>{t('statusCheck.missing.intro')}</p>
              <ul className="sc-docs">
                {answer.missing.map((doc) => (
                  <li key={doc.field} className="sc-doc">
                    <NewDocument
                      doc={doc}
                      pair={{ referenceNumber: pair.referenceNumber, contactNo: pair.contactNo }}
                      lang={lang}
                      text={text}
                      speak={speak}
                      onAnswer={update}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
          <Receipts
            answer={answer}
            text={text}
            href={(number) =>
              receiptHref(
                '/admission/receipt',
                { referenceNumber: pair.referenceNumber, contactNo: pair.contactNo },
                number,
                lang,
              )
            }
          />
        </>
      )}
    </StatusLookup>
  );
}

/** One rejected document: why, a file input that uploads at once, and the button that sends it in the old one's place. */
function NewDocument({
  doc,
  pair,
  lang,
  text,
  speak,
  onAnswer,
}: {
  doc: MissingDocument;
  pair: Pair;
  lang: Language;
  text: StatusCheckText;
  speak: Speaker;
  onAnswer: (answer: AdmissionStatusAnswer) => void;
}) {
  const t = textsFor(text);
  const id = useId();
  const [upload, setUpload] = useState<UploadState>({ status: 'empty' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function send() {
    if (busy) return;
    if (upload.status !== 'done') {
      setError(t('statusCheck.replace.chooseFirst'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const res = await apiJson('/admission/status/replace', 'POST', {
        ...pair,
        field: doc.field,
        uploadId: upload.upload.id,
        language: lang,
      });
      const { status, body } = await answerOf<AdmissionStatusAnswer & { code?: string }>(res);
      if (status === 200) {
        toast.success(t('statusCheck.replace.done', { document: doc.label }));
        onAnswer(body as AdmissionStatusAnswer);
        return;
      }
      if (status === 409)
        setError(t(body.code === 'closed' ? 'statusCheck.replace.closed' : 'statusCheck.replace.notRejected'));
      else if (status === 400) {
        // The upload expired or was used: choose the file again.
        setUpload({ status: 'empty' });
        setError(t('statusCheck.error.upload'));
      } else
        setError(
          status === 404 || status === 429
            ? problemOf(t, status, 'statusCheck.notFound.admission', body)
            : t('statusCheck.replace.failed'),
        );
    } catch (failure) {
      console.error('replacing a document failed', failure);
      setError(t('statusCheck.replace.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h4>{doc.label}</h4>
      {doc.reason && <p>{t('statusCheck.missing.reason', { reason: doc.reason })}</p>}
      <FileField
        id={`${id}-file`}
        field={doc.field}
        label={t('statusCheck.replace.file', { document: doc.label })}
        required
        state={upload}
        speak={speak}
        onState={(state) => {
          setUpload(state);
          if (state.status !== 'failed') setError('');
        }}
      />
      {error && (
        <p className="ff-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="ff-button" disabled={busy} aria-busy={busy} onClick={() => void send()}>
        {busy && <span className="ff-spinner" aria-hidden="true" />}
        {busy ? t('statusCheck.replace.sending') : t('statusCheck.replace.send', { document: doc.label })}
      </button>
    </>
  );
}
