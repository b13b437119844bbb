/**
 * A transfer certificate request: its fee is paid (a payment covering the TC fee moves it there by
 * itself), then the TC is issued with its number and date, or the request is rejected with a reason
 * (before or after the fee).
 */
import { defineWorkflow } from '../../lib/workflow.ts';

export const TC_WORKFLOW = defineWorkflow({
  statuses: ['requested', 'fee-paid', 'issued', 'rejected'],
  initial: 'requested',
  labels: { requested: 'Requested', 'fee-paid': 'Fee paid', issued: 'Issued', rejected: 'Rejected' },
  moves: {
    requested: ['fee-paid', 'rejected'],
    'fee-paid': ['issued', 'rejected'],
    issued: [],
    rejected: [],
  },
  needs: {
    issued: [
      { name: 'tcNumber', label: 'TC number', kind: 'text', max: 40 },
      { name: 'tcIssueDate', label: 'Issue date', kind: 'date', max: 10 },
    ],
    rejected: [{ name: 'reason', label: 'Reason', kind: 'textarea', max: 500 }],
  },
});

export type TcStatus = (typeof TC_WORKFLOW.statuses)[number];
