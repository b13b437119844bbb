/**
 * The office's home (/admin) as GET /v1/api/dashboard answers it: what came in today and this week,
 * where every record stands, fees received this month, enquiries due for a call, and full classes.
 * Days, weeks (Monday to Sunday) and months are India's.
 */
import { KINDS, type KindName } from '../kinds.ts';
import type { DisclosureWarning } from '../disclosure/disclosure.ts';

/** The records the desk carries: every kind in the list, in its order. */
export type DeskRecord = KindName;
export const DESK_RECORD_KINDS: readonly DeskRecord[] = KINDS.map((k) => k.name);

/** The admissions list of the "Re-sent by parents" queue. */
export const RESENT_HREF = '/admin/admissions/panel?resent=1';

/** How many follow-ups the home screen lists (the count covers all of them). */
export const FOLLOW_UPS_SHOWN = 5;

export interface RecordFigures {
  /** Received since midnight, India time. */
  today: number;
  /** Received since Monday midnight, India time. */
  week: number;
  total: number;
  /** Every status of the workflow, in its order, with its count (0 included). */
  byStatus: { status: string; label: string; count: number }[];
}

export interface FollowUp {
  _id: string;
  studentName: string;
  admissionClass: string;
  fatherMobile: string;
  nextFollowUp: string;
  status: string;
}

export interface Dashboard {
  /** YYYY-MM-DD, India time. */
  today: string;
  /** The Monday the week started on. */
  weekStart: string;
  /** The first day of this month. */
  monthStart: string;
  records: Record<DeskRecord, RecordFigures>;
  /** Payments recorded this month, reversals (negative entries) subtracted. */
  fees: { receivedPaise: number; payments: number };
  /** Open enquiries whose follow-up date is today or earlier: how many, and the earliest few. */
  followUps: { due: number; first: FollowUp[] };
  /** Applications with a document their parent sent again that the office has not judged yet. */
  resent: number;
  /** Online payments the office must look at: an amount or currency not its order's, a refund the gateway refused. */
  onlineAttention: number;
  /** The classes of this session with a capacity set. */
  seats: { session: string; classes: { admissionClass: string; capacity: number; admitted: number }[] };
  /** The Mandatory Public Disclosure's documents near or past their valid-until date, and a missing annual report. */
  disclosure: DisclosureWarning[];
}
