/**
 * On an issued TC's details screen: the scan of the signed TC, which the website shows to whoever
 * verifies the TC by its number and date of issue (/tc-verification). The office chooses the file
 * (PDF, JPEG or PNG), it goes to the staff files (POST /v1/api/files), then it is attached
 * (POST /v1/api/tc-request/{id}/certificate); a new one replaces the old.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { postWithProgress } from '../../lib/post-with-progress.ts';
import { formatDateTime, formatDate } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/format.ts';
import { CERTIFICATE_ACCEPT, CERTIFICATE_TEXTS } from './certificate.ts';
import type { TcRequest } from './tc-request.ts';

interface Props {
  record: TcRequest;
  onChanged: (record: TcRequest) => void;
}

export function CertificateSection({ record, onChanged }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  if (record.status !== 'issued' || record.erasedAt) return null;
  const scan = record.certificate ?? null;
  const busy = progress !== null;

  function refuse(message: string) {
    setError(message);
    toast.warning(message);
    input.current?.focus();
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    if (!file) return refuse(CERTIFICATE_TEXTS.required);
    setError('');
    setProgress(0);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = await postWithProgress<{ uploadId: string }>('/files', form, setProgress).done;
      if (uploaded.status !== 201 || !uploaded.body.uploadId)
        return refuse(uploaded.body.error ?? CERTIFICATE_TEXTS.failed);
      const { status, body } = await answerOf<TcRequest>(
        await apiJson(`/tc-request/${encodeURIComponent(record._id)}/certificate`, 'POST', {
          uploadId: uploaded.body.uploadId,
        }),
      );
      if (status !== 200) return refuse(body.fields?.uploadId ?? body.error ?? CERTIFICATE_TEXTS.failed);
      toast.success(scan ? CERTIFICATE_TEXTS.replaced : CERTIFICATE_TEXTS.attached);
      setFile(null);
      if (input.current) input.current.value = '';
      onChanged(body as TcRequest);
    } catch {
      refuse(CERTIFICATE_TEXTS.failed);
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="details-card tc-scan">
      <h2 id={`${id}-title`}>Signed TC for verification</h2>
      {scan ? (
        <p>
          Attached on {formatDateTime(scan.attachedAt)}:{' '}
          <a href={scan.url} target="_blank" rel="noopener">
            {scan.name}
          </a>{' '}
          ({scan.type.toUpperCase()}, {formatBytes(scan.size)}). Anyone with TC number{' '}
          <strong>{record.tcNumber}</strong> and date of issue <strong>{formatDate(record.tcIssueDate)}</strong> can see
          it on the{' '}
          <a href="/tc-verification" target="_blank" rel="noopener">
            TC verification page
          </a>
          .
        </p>
      ) : record.drawnTc ? (
        <p>
          No scan yet: the TC drawn from the register can be verified on the website now; the scan of the signed TC
          replaces it once attached.
        </p>
      ) : (
        <p className="details-warning">
          No scan yet: the TC cannot be verified on the website until the scan of the signed TC is attached.
        </p>
      )}
      <form className="admin-form" noValidate onSubmit={submit} aria-busy={busy}>
        <div className="admin-field">
          <label htmlFor={`${id}-file`}>
            {scan ? 'Replace with a new scan' : 'Scan of the signed TC'} (PDF, JPEG or PNG)
          </label>
          <input
            id={`${id}-file`}
            ref={input}
            type="file"
            accept={CERTIFICATE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError('');
            }}
          />
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? `Uploading… ${Math.round((progress ?? 0) * 100)}%` : scan ? 'Replace the scan' : 'Attach the scan'}
        </button>
      </form>
    </section>
  );
}
