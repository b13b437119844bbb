/**
 * /admissions/tc-request/status: a parent looks up a TC request by the admission number and the
 * request's mobile number, and sees its status in words, when it last changed, the fee due, the TC's
 * number once issued and what to do next.
 */
import type { Language } from '../../lib/messages/index.ts';
import { StatusFacts, StatusLookup, wordsFor } from '../../components/forms/StatusLookup.tsx';
import { checkTcLookup, type TcStatusAnswer } from './status-check.ts';

export default function TcStatusCheck({ lang = 'en' }: { lang?: Language }) {
  const t = wordsFor(lang);
  return (
    <StatusLookup<{ admissionNumber: string; contactNo: string }, TcStatusAnswer>
      lang={lang}
      number={{ name: 'admissionNumber', label: 'statusCheck.field.admissionNumber', hint: 'statusCheck.field.admissionNumberHint', param: 'number' }}
      check={checkTcLookup}
      path="/tc-request/status"
      notFound="statusCheck.notFound.tc"
      heading={(answer) => t('statusCheck.result.tc', { number: answer.admissionNumber })}
    >
      {(answer) => (
        <StatusFacts
          answer={answer} lang={lang}
          before={[[t('statusCheck.result.student'), answer.studentName]]}
          after={answer.tcNumber ? [[t('statusCheck.result.tcNumber'), answer.tcNumber]] : []}
        />
      )}
    </StatusLookup>
  );
}
