/**
 * /admissions/tc-request/status: a parent looks up a TC request by the admission number and the
 * request's mobile number, and sees its status in words, when it last changed, the fee due, the TC's
 * number once issued and what to do next.
 */
import type { Language } from '../../lib/i18n/languages.ts';
import { receiptHref, type StatusCheckText } from '../../lib/status-check.ts';
import { Receipts, StatusFacts, StatusLookup, textsFor } from '../../components/forms/StatusLookup.tsx';
import { checkTcLookup, type TcStatusAnswer } from './status-check.ts';
import { PayOnline } from '../payments/PayOnline.tsx';

/** `text`: the words of the page's language (statusCheckText), handed by the page. */
export default function TcStatusCheck({ lang = 'en', text }: { lang?: Language; text: StatusCheckText }) {
  const t = textsFor(text);
  return (
    <StatusLookup<{ admissionNumber: string; contactNo: string }, TcStatusAnswer>
      lang={lang}
      text={text}
      number={{
        name: 'admissionNumber',
        label: 'statusCheck.field.admissionNumber',
        hint: 'statusCheck.field.admissionNumberHint',
        param: 'number',
      }}
      check={checkTcLookup}
      path="/tc-request/status"
      notFound="statusCheck.notFound.tc"
      heading={(answer) => t('statusCheck.result.tc', { number: answer.admissionNumber })}
    >
      {(answer, pair) => (
        <>
          <StatusFacts
            answer={answer}
            lang={lang}
            text={text}
            before={[[t('statusCheck.result.student'), answer.studentName]]}
            after={answer.tcNumber ? [[t('statusCheck.result.tcNumber'), answer.tcNumber]] : []}
          />
          <PayOnline
            kind="tc-request"
            number={pair.admissionNumber}
            contactNo={pair.contactNo}
            answer={answer}
            lang={lang}
            text={text}
          />
          <Receipts
            answer={answer}
            text={text}
            href={(number) =>
              receiptHref(
                '/tc-request/receipt',
                { admissionNumber: pair.admissionNumber, contactNo: pair.contactNo },
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
