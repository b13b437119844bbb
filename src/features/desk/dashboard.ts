/**
 * The office's home (/admin) as GET /v1/api/dashboard answers it: what came in today and this week,
 * where every record stands, fees received this month, enquiries due for a call, and full classes.
 * Days, weeks (Monday to Sunday) and months are India's.
 */
import type { Workflow } from '../../lib/workflow.ts';
import { ADMISSION_WORKFLOW } from '../admission/workflow.ts';
import { ENQUIRY_WORKFLOW } from '../enquiry/workflow.ts';
import { TC_WORKFLOW } from '../tc-request/workflow.ts';

/** The three records the desk carries, with their workflow and the panel that lists them. */
export const DESK_RECORDS = {
  enquiry: { title: 'Enquiries', noun: 'enquiries', workflow: ENQUIRY_WORKFLOW as Workflow, panel: '/admin/enquiry/panel' },
  admission: { title: 'Applications', noun: 'applications', workflow: ADMISSION_WORKFLOW as Workflow, panel: '/admin/admissions/panel' },
  'tc-request': { title: 'TC requests', noun: 'TC requests', workflow: TC_WORKFLOW as Workflow, panel: '/admin/tc-requests/panel' },
} as const;

export type DeskRecord = keyof typeof DESK_RECORDS;
export const DESK_RECORD_KINDS = Object.keys(DESK_RECORDS) as DeskRecord[];

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
  /** The classes of this session with a capacity set. */
  seats: { session: string; classes: { admissionClass: string; capacity: number; admitted: number }[] };
}
