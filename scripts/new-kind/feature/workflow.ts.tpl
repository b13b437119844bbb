/** A {{title}} request is looked into, then granted or refused. */
import { defineWorkflow } from '../../lib/workflow.ts';

export const {{CONST}}_WORKFLOW = defineWorkflow({
  statuses: ['new', 'under-review', 'granted', 'refused'],
  initial: 'new',
  labels: { new: 'New', 'under-review': 'Under review', granted: 'Granted', refused: 'Refused' },
  moves: {
    new: ['under-review', 'refused'],
    'under-review': ['granted', 'refused'],
    granted: [],
    refused: [],
  },
});

export type {{Pascal}}Status = (typeof {{CONST}}_WORKFLOW.statuses)[number];

/** The decisions: nothing moves on from them. */
export const {{CONST}}_DECIDED: readonly {{Pascal}}Status[] = ['granted', 'refused'];
