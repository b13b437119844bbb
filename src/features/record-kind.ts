/**
 * What a kind of record that parents fill in (an admission, an enquiry, a TC request, and every
 * kind that comes later) tells the services that treat all kinds alike: payments, privacy
 * (erasure, export, retention), audit, the desk, the outbox, receipts and the admin lists. Each
 * kind declares this once, in its folder (src/features/<kind>/kind.ts), and src/features/kinds.ts
 * lists them. What only the server may hold (SQL, the database) is the kind's `kind.server.ts`,
 * listed by src/features/kinds.server.ts under the same names, so that the browser never loads it.
 */
import type { Entity, Field, RecordDefinition } from '../lib/record.ts';
import type { Workflow } from '../lib/workflow.ts';
import type { FormKey } from '../lib/forms/texts.ts';
import type { Language } from '../lib/i18n/languages.ts';
import type { Letter, LetterEvent, ReceivedPayment } from './outbox/letters.ts';
import type { FeeItem } from './fees/fees.ts';
import type { StatusCheckCode } from '../lib/status-check.ts';
import type { StatusPage } from '../lib/status-pages.ts';
import type { ComponentType, LazyExoticComponent } from 'react';

type Row = Record<string, unknown>;

export interface RecordKind<N extends string = string> {
  /** Its name: the `entity` of its audit entries, history, messages and payments, and its API path /v1/api/<name>. */
  readonly name: N;
  readonly definition: RecordDefinition<readonly Field[], N>;
  /** Its table (the definition's). */
  readonly table: string;
  readonly workflow: Workflow;
  /** The statuses a record ends at (no move leads on from them, save a principal's reopening). */
  readonly finalStatuses: readonly string[];
  readonly labels: {
    /** One record, as the audit log and the messages screen name it: 'Application'. */
    readonly one: string;
    /** The desk's heading: 'Applications'. */
    readonly many: string;
    /** The desk's word in a sentence: 'applications'. */
    readonly noun: string;
    /** A count in a report: '3 application(s)'. */
    readonly counted: string;
    /** One record in a sentence: 'the application'. */
    readonly the: string;
    /** The start of a refusal: 'This application'. */
    readonly this: string;
    /** The 404's message: 'Admission not found'. */
    readonly notFound: string;
  };
  /** What the admin list's search box finds besides the names (src/server/lists.ts, recordSearch): columns matched from their start. */
  readonly search: { readonly identifiers?: readonly string[]; readonly mobiles?: readonly string[] };
  /** The parents' status page, where the kind has one (a paid kind has: its receipts and payments link it). */
  readonly statusPage?: StatusPage;
  readonly admin: {
    /** The office's list. */
    readonly panel: string;
    /** The details screen, before the record's id. */
    readonly details: string;
    /** The admin menu's entry of its list. */
    readonly menu: string;
    /**
     * Its admin screens' names (the `screen` of their pages); its folder's kind-screens.ts has a
     * lazily loaded component under each, which the admin shell (src/components/admin/AdminApp.tsx) finds.
     */
    readonly screens: { readonly panel: `${string}-panel`; readonly details: `${string}-details` };
  };
  readonly privacy: KindPrivacy;
  /** Its own audit entries' details in words, where they name more than a status move (undefined: as stored). */
  readonly auditDetail?: (action: string, detail: string) => string | undefined;
  /** What the school writes to the family per event; none for a kind the office keeps for itself (the register). */
  readonly letters?: KindLetters;
  /** A record the principal never deletes (the register: its numbers are written on paper); others have DELETE .../:id. */
  readonly neverDeleted?: true;
  /** Present when the kind is paid for: its fee and how its receipts read. */
  readonly payment?: KindPayment;
}

export interface KindPrivacy {
  /** Columns besides the form's fields that identify the child or the family: NULL after erasure. */
  readonly personalColumns: readonly string[];
  /**
   * Every column erasure keeps, with why (a status, a date, a class for the statistics). A form
   * field whose column is here is kept; every other form field (but a document) is personal. A unit
   * test reads the migrated schema: a column in neither list fails the build.
   */
  readonly keptColumns: Readonly<Record<string, string>>;
  /** Tables of its own whose rows go whole with an erasure (the server part deletes them), with what they hold. */
  readonly childTables?: Readonly<Record<string, string>>;
  /** Statuses whose records are the school's own and are never erased (an admitted pupil's). */
  readonly neverErased?: readonly string[];
  /** What the principal types to confirm an erasure. */
  readonly confirmWith: 'referenceNumber' | '_id';
  /** The form's own message for a wrong phone number, when a field is corrected. */
  readonly phoneMessage: FormKey;
  /** The fields its form requires of this record (an application's depend on its band). */
  readonly required: (record: Row) => readonly string[];
  /** How a corrected value is stored, where the form stores it otherwise than typed. */
  readonly normalise?: Readonly<Record<string, (value: string) => string>>;
  readonly retention: {
    /** Days it is kept (read from src/config/privacy.ts when asked). */
    readonly days: () => number;
    /**
     * From when: the decision at one of these statuses (its time in the history), or the
     * record's last change.
     */
    readonly after: { readonly decidedAt: readonly string[] } | 'last-change';
    /** The audit entry's words. */
    readonly why: string;
  };
  /** What the data export (export.zip) holds besides the record, its history, payments and messages. */
  readonly exportHolds: string;
}

interface LetterSpec<F> {
  /** The column of the parent's e-mail address, when the form asks for one. */
  readonly email?: string;
  /** The column of the parent's mobile number. */
  readonly mobile: string;
  /** What the letters name, read from the row (its table's columns, and what the server part's `messageColumns` adds). */
  readonly facts: (row: Row) => F;
  /** Its letter for each event (src/features/outbox/letters.ts). */
  readonly byEvent: Readonly<Record<LetterEvent, (language: Language, facts: F) => Letter>>;
  /** How the messages screen names each template (`<kind>.<event>`, and any letter of its own). */
  readonly templates: Readonly<Record<string, string>>;
  /** A kind that takes payments: its letter saying a payment was received (src/features/outbox/payment-message.server.ts). */
  readonly paid?: (language: Language, facts: F, payment: ReceivedPayment) => Letter;
}

export interface KindLetters extends Omit<LetterSpec<never>, 'facts' | 'paid'> {
  /** The letter for `event` about `row`. */
  readonly letter: (event: LetterEvent, language: Language, row: Row) => Letter;
  /** The letter saying `payment` was received for `row`, when the kind takes payments. */
  readonly paymentLetter?: (language: Language, row: Row, payment: ReceivedPayment) => Letter;
}

/** A kind's letters, typed by the facts they read. */
export const defineLetters = <F>({ paid, ...spec }: LetterSpec<F>): KindLetters => ({
  ...spec,
  letter: (event, language, row) => spec.byEvent[event](language, spec.facts(row)),
  ...(paid
    ? {
        paymentLetter: (language: Language, row: Row, payment: ReceivedPayment) =>
          paid(language, spec.facts(row), payment),
      }
    : {}),
});

export interface KindPayment {
  /** The receipt's purpose: 'Admission fee'. */
  readonly purpose: string;
  /** The columns the fee needs. */
  readonly columns: string;
  /** Statuses at which nothing more is taken or waived (the record is closed). */
  readonly closed: readonly string[];
  /** Which of the school's fees it owes (src/features/fees/): payments read it, fixed from the record's first payment on. */
  readonly fee: FeeItem;
  /** The status a record moves to by itself once its fee is covered, and back from when it is not. */
  readonly coveredMove?: { readonly from: string; readonly to: string };
  /**
   * Paying online (src/features/payments/online.server.ts): how the family's number for the record
   * is read (as its status check reads it), the message when it cannot be one, and the statuses at
   * which the fee is asked for (all but the closed ones when not given).
   */
  readonly online: {
    readonly normalise: (value: string) => string | undefined;
    readonly numberMessage: StatusCheckCode;
    readonly payableAt?: readonly string[];
  };
}

/** Declares a kind, keeping its name as a literal type and whether it is paid for. */
export function defineKind<const N extends string>(
  kind: RecordKind<N> & { payment: KindPayment },
): RecordKind<N> & { payment: KindPayment };
export function defineKind<const N extends string>(kind: RecordKind<N>): RecordKind<N>;
export function defineKind(kind: RecordKind) {
  return kind;
}

/** The columns every kind's table has and erasure keeps: the row itself, its dates, and nothing that names anyone. */
export const KEPT_BY_EVERY_KIND: Readonly<Record<string, string>> = {
  id: 'the record itself',
  status_changed_at: 'a date',
  created_at: 'a date',
  updated_at: 'a date',
  erased_at: 'when it was erased',
  language: "the form's language: names no one",
  consent: 'which notice was agreed to and when: shows the data was held lawfully',
  search_names: 'generated from the names: empty once they are',
  search_keys: 'made from the names by the server: emptied with them',
};

/**
 * What a kind's status moves (its WorkflowRoute) read of it: its name, table, workflow
 * and words, as the kind declares them. `S` is its workflow's statuses.
 */
export const statusRouteOf = <S extends string>(kind: RecordKind<Entity>) => ({
  entity: kind.name,
  table: kind.table,
  workflow: kind.workflow as Workflow<S>,
  noun: kind.labels.this,
  notFound: kind.labels.notFound,
});

/** A kind's admin screens by name, loaded when opened (its folder's kind-screens.ts exports them as default). */
export type KindScreens = Readonly<Record<string, LazyExoticComponent<ComponentType>>>;
