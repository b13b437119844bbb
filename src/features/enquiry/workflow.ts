/**
 * An enquiry followed up to its end: contacted, the family visits, then applies or the enquiry is
 * closed. A family that applies without visiting, or that is not interested, is common: `applied`
 * is allowed from contacted too, and `closed` from every open status. Each open status may carry
 * the next follow-up date.
 */
import { defineWorkflow } from '../../lib/workflow.ts';

export const ENQUIRY_WORKFLOW = defineWorkflow({
  statuses: ['new', 'contacted', 'visited', 'applied', 'closed'],
  initial: 'new',
  labels: { new: 'New', contacted: 'Contacted', visited: 'Visited', applied: 'Applied', closed: 'Closed' },
  moves: {
    new: ['contacted', 'closed'],
    contacted: ['visited', 'applied', 'closed'],
    visited: ['applied', 'closed'],
    applied: [],
    closed: [],
  },
});

export type EnquiryStatus = (typeof ENQUIRY_WORKFLOW.statuses)[number];

/** Statuses after which nobody follows up any more: the follow-up date is cleared. */
export const ENQUIRY_ENDED: readonly EnquiryStatus[] = ['applied', 'closed'];
