/**
 * /admin/messages (office and principal): every message to parents, newest first, 50 a page, with
 * filters kept in the URL (state, channel, kind of record). Each row shows to whom, how, which
 * letter, its state and tries, when it was written, sent, delivered and read; the letter itself
 * opens in place. A WhatsApp message written for the office (queued while no provider was
 * configured; an application's: those have a mobile number only) has "Open WhatsApp" with the letter
 * written in, and "Mark sent" once the office has sent it. "Send pending WhatsApp letters (N)" steps
 * through all of them in one pass: one button opens the next letter in WhatsApp and marks the one
 * before it sent (each still needs its own WhatsApp tab). Below, the numbers whose families stopped
 * WhatsApp and SMS.
 */
import { useEffect, useRef, useState } from 'react';
import { adminApi, getJson } from '../../lib/admin/admin-api.ts';
import { whatsappLink } from '../../lib/contact.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { LANGUAGE_NAMES, isLanguage } from '../../lib/i18n/index.ts';
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { toast } from '../../lib/toast.tsx';
import { Pager, ScreenHeader, SelectField } from '../../components/admin/ui.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { recordHref } from '../audit/audit.ts';
import './messages.css';
import {
  CHANNEL_LABELS,
  MESSAGE_ENTITY_LABELS,
  MESSAGE_STATE_LABELS,
  OPT_OUT_SOURCES,
  channelText,
  stateText,
  templateText,
  type Message,
  type OptOut,
} from './messages.ts';

interface OptOuts extends Paged<OptOut> {
  senders: { whatsapp: boolean; sms: boolean };
}

const KEYS = ['state', 'channel', 'entity'] as const;
type Key = (typeof KEYS)[number];

const COLUMNS = ['Written', 'To', 'Channel', 'Message', 'State', 'Tries', 'Sent'];

const options = (labels: Record<string, string>) => Object.keys(labels);
const textsOf = (labels: Record<string, string>) => (value: string) => labels[value] ?? value;

export default function MessagesScreen() {
  const { filters, setFilter, table, pager } = usePagedList<Key, Message>(
    KEYS,
    async (q, page) => {
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      for (const key of KEYS) if (q[key]) params.set(key, q[key]);
      return getJson<Paged<Message>>(`/messages?${params}`);
    },
    'Failed to load the messages',
  );
  // Rows marked sent here, until the list loads again.
  const [marked, setMarked] = useState<Record<string, Message>>({});
  const rows = table.rows?.map((m) => marked[m._id] ?? m);
  const [optOuts, setOptOuts] = useState<OptOuts | undefined>();
  useEffect(() => {
    getJson<OptOuts>('/opt-outs?limit=100').then(setOptOuts, () => toast.error('Failed to load the opt-outs'));
  }, []);

  // The office's WhatsApp letters still to send (queued while no provider was set), oldest first.
  const [pending, setPending] = useState<Message[]>();
  const loadPending = () =>
    getJson<Paged<Message>>('/messages?state=queued&channel=whatsapp&limit=100').then(
      (page) => setPending(page.data.filter((m) => m.byHand).reverse()),
      () => toast.error('Failed to load the letters to send'),
    );
  useEffect(() => {
    void loadPending();
  }, []);
  const [sending, setSending] = useState<Message[]>();

  /** Marks `message` sent; the updated message, or undefined (said in a toast) when it failed. */
  async function markOne(message: Message): Promise<Message | undefined> {
    const res = await adminApi(`/messages/${message._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'sent' }),
    }).catch(() => undefined);
    if (res?.status !== 200) {
      toast.error(`Could not mark the message to ${message.to} sent. Please try again.`);
      return undefined;
    }
    const updated = (await res.json()) as Message;
    setMarked((current) => ({ ...current, [updated._id]: updated }));
    setPending((current) => current?.filter((m) => m._id !== updated._id));
    return updated;
  }

  async function markSent(message: Message) {
    const updated = await markOne(message);
    if (updated) toast.success(`Marked sent: the message to ${updated.to}.`);
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Messages to parents" />
      <p className="messages-note">
        E-mails go out by themselves and are tried again when the mail server fails.{' '}
        {optOuts?.senders.whatsapp
          ? 'WhatsApp messages go out by themselves as the school’s approved templates; one that cannot be delivered goes again by SMS.'
          : optOuts?.senders.sms
            ? 'SMS messages go out by themselves as the school’s DLT templates.'
            : 'WhatsApp messages are sent by the office: open the chat, send the message, then mark it sent.'}{' '}
        Delivered and Read are what WhatsApp or the SMS provider reported. A message marked Held was not sent: its
        address or mobile number had already had the day's messages caused by the website's forms. “Not sent: opted out”
        means the family asked for no WhatsApp or SMS messages.
      </p>
      {!optOuts?.senders.whatsapp && !!pending?.length && !sending && (
        <p className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => setSending(pending)}>
            Send pending WhatsApp letters ({pending.length})
          </button>
        </p>
      )}
      {sending && (
        <SendQueue
          queue={sending}
          markSent={markOne}
          onDone={(sent) => {
            setSending(undefined);
            if (sent) toast.success(`Marked sent: ${sent === 1 ? '1 letter' : `${sent} letters`}.`);
            void loadPending();
          }}
        />
      )}
      <div className="admin-filters" role="search">
        <SelectField
          label="State"
          value={filters.state}
          allLabel="Every state"
          options={options(MESSAGE_STATE_LABELS)}
          optionText={textsOf(MESSAGE_STATE_LABELS)}
          onChange={(v) => setFilter('state', v)}
        />
        <SelectField
          label="Channel"
          value={filters.channel}
          allLabel="Every channel"
          options={options(CHANNEL_LABELS)}
          optionText={textsOf(CHANNEL_LABELS)}
          onChange={(v) => setFilter('channel', v)}
        />
        <SelectField
          label="Record kind"
          value={filters.entity}
          allLabel="All records"
          options={options(MESSAGE_ENTITY_LABELS)}
          optionText={textsOf(MESSAGE_ENTITY_LABELS)}
          onChange={(v) => setFilter('entity', v)}
        />
      </div>
      <div className="table-wrap">
        <table className="admin-table messages-table" aria-busy={table.loading}>
          <caption className="visually-hidden">Messages to parents, newest first</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.loading && !rows ? (
              <StateRow text="Loading..." />
            ) : !rows?.length ? (
              <StateRow text={table.failed ? 'Could not load the messages.' : 'No messages match these filters.'} />
            ) : (
              rows.map((m) => <MessageRow key={m._id} message={m} onMarkSent={markSent} />)
            )}
          </tbody>
        </table>
      </div>
      <Pager {...pager} />
      <OptOutList optOuts={optOuts} />
    </section>
  );
}

/**
 * The pending WhatsApp letters, one at a time. "Open WhatsApp" opens the next letter's chat in a new
 * tab and marks the letter opened before it sent (the clerk came back from sending it); after the
 * last, "Mark sent and finish". "Skip" leaves a letter queued. The main button keeps the focus, so
 * Enter steps through the queue from the keyboard.
 */
function SendQueue({
  queue,
  markSent,
  onDone,
}: {
  queue: Message[];
  markSent: (m: Message) => Promise<Message | undefined>;
  onDone: (sent: number) => void;
}) {
  const [next, setNext] = useState(0);
  // The letter whose chat was opened last: marked sent when the clerk moves on.
  const [opened, setOpened] = useState<Message>();
  const [sent, setSent] = useState(0);
  const counted = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const finishButton = useRef<HTMLButtonElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const current = queue[next];
  const openLabel = opened ? 'Mark sent and open the next in WhatsApp' : 'Open the first in WhatsApp';
  // Past the last letter the main button becomes Finish: the focus goes with it.
  useEffect(() => {
    if (!current) finishButton.current?.focus();
  }, [current]);

  async function markOpened(): Promise<number> {
    const letter = opened;
    if (!letter) return counted.current;
    setOpened(undefined);
    if (await markSent(letter)) setSent(++counted.current);
    return counted.current;
  }

  function open() {
    // The link opens the chat itself (a new tab, from the clerk's own click); this only moves the
    // queue on, after the browser has followed the link: React renders at once, and the link would
    // otherwise go to the next letter's address.
    const letter = current;
    setTimeout(() => {
      void markOpened();
      setOpened(letter);
      setNext((n) => n + 1);
    }, 0);
  }

  async function finish() {
    onDone(await markOpened());
  }

  return (
    <section aria-labelledby="send-queue-title" className="messages-queue">
      <h2 id="send-queue-title" ref={heading} tabIndex={-1}>
        Sending WhatsApp letters: {Math.min(next + 1, queue.length)} of {queue.length}
      </h2>
      <p className="messages-note" aria-live="polite">
        {opened ? `Opened: the letter to ${opened.to}. Send it in WhatsApp, then come back. ` : ''}
        {current
          ? `Next: the letter to ${current.to} (${templateText(current.template)}).`
          : 'That was the last letter.'}{' '}
        Marked sent so far: {sent}.
      </p>
      {current && (
        <details className="message-letter">
          <summary>Read the next letter</summary>
          <p className="message-letter__body" lang={current.language}>
            {current.body}
          </p>
        </details>
      )}
      <p className="admin-actions">
        {current ? (
          <>
            <a
              className="btn btn--primary"
              href={whatsappLink(current.to, current.body)}
              target="_blank"
              rel="noopener"
              onClick={open}
              aria-label={`${openLabel}: the letter to ${current.to}, opens WhatsApp`}
            >
              {openLabel}
            </a>
            <button type="button" className="btn" onClick={() => setNext((n) => n + 1)} disabled={!!opened}>
              Skip this letter
            </button>
          </>
        ) : (
          <button type="button" ref={finishButton} className="btn btn--primary" onClick={finish}>
            {opened ? 'Mark sent and finish' : 'Finish'}
          </button>
        )}
        <button type="button" className="btn" onClick={() => onDone(counted.current)}>
          Stop{opened ? ' (the open letter stays queued)' : ''}
        </button>
      </p>
    </section>
  );
}

/** The numbers that stopped WhatsApp and SMS messages (and those that started them again). */
function OptOutList({ optOuts }: { optOuts: OptOuts | undefined }) {
  return (
    <section aria-labelledby="opt-outs-title" className="messages-opt-outs">
      <h2 id="opt-outs-title">Numbers that stopped messages</h2>
      <p className="messages-note">
        A family stops WhatsApp and SMS messages by replying STOP, or with the link at the end of each message; START
        (or the link again) starts them. The office can still call them, and their e-mails still go.
      </p>
      {!optOuts ? (
        <p>Loading...</p>
      ) : !optOuts.data.length ? (
        <p>No family has stopped the messages.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Numbers that stopped or started messages, latest first</caption>
            <thead>
              <tr>
                <th scope="col">Mobile number</th>
                <th scope="col">Messages</th>
                <th scope="col">How</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {optOuts.data.map((o) => (
                <tr key={o.mobile}>
                  <td data-label="Mobile number">{o.mobile}</td>
                  <td data-label="Messages">{o.optedOut ? 'Stopped' : 'Started again'}</td>
                  <td data-label="How">{OPT_OUT_SOURCES[o.source] ?? o.source}</td>
                  <td data-label="When">{formatDateTime(o.changedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MessageRow({ message: m, onMarkSent }: { message: Message; onMarkSent: (m: Message) => void }) {
  const href = recordHref(m.entity, m.recordId);
  const language = isLanguage(m.language) ? LANGUAGE_NAMES[m.language] : m.language;
  const byHand = m.byHand && m.state === 'queued';
  return (
    <tr>
      <td data-label="Written">{formatDateTime(m.createdAt)}</td>
      <td data-label="To" className="cell-wrap messages-to">
        {m.to}
      </td>
      <td data-label="Channel">{channelText(m.channel)}</td>
      <td data-label="Message" className="cell-wrap">
        <details className="message-letter">
          <summary>
            {templateText(m.template)} (<span lang={m.language}>{language}</span>)
          </summary>
          {m.subject && (
            <p className="message-letter__subject" lang={m.language}>
              <strong>Subject:</strong> {m.subject}
            </p>
          )}
          <p className="message-letter__body" lang={m.language}>
            {m.body}
          </p>
        </details>
        {href && <a href={href}>Open the record</a>}
      </td>
      <td data-label="State">
        {stateText(m.state)}
        {m.lastError && <span className="message-error"> ({m.lastError})</span>}
        {m.heldReason?.split('\n').map((line, i) => (
          // A cap's reason is written in English, then in Hindi on its own line.
          <span key={i} className="message-held" lang={i === 1 ? 'hi' : undefined}>
            {line}
          </span>
        ))}
        {m.state === 'queued' && !byHand && m.nextAttemptAt && (
          <span className="message-next"> next try {formatDateTime(m.nextAttemptAt)}</span>
        )}
        {byHand && (
          <span className="admin-actions">
            <a
              className="btn btn--small"
              href={whatsappLink(m.to, m.body)}
              target="_blank"
              rel="noopener"
              aria-label={`Open WhatsApp to ${m.to}, opens WhatsApp`}
            >
              Open WhatsApp
            </a>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => onMarkSent(m)}
              aria-label={`Mark sent: the message to ${m.to}`}
            >
              Mark sent
            </button>
          </span>
        )}
      </td>
      <td data-label="Tries">{m.attempts}</td>
      <td data-label="Sent">
        {m.sentAt ? formatDateTime(m.sentAt) : '—'}
        {m.deliveredAt && <span className="message-next">delivered {formatDateTime(m.deliveredAt)}</span>}
        {m.readAt && <span className="message-next">read {formatDateTime(m.readAt)}</span>}
      </td>
    </tr>
  );
}

function StateRow({ text }: { text: string }) {
  return (
    <tr>
      <td colSpan={COLUMNS.length} className="admin-table__state">
        {text}
      </td>
    </tr>
  );
}
