/** A pupil is on the register as studying until the school records the leaving, with its date and reason. */
import { defineWorkflow } from '../../lib/workflow.ts';

export const REGISTER_WORKFLOW = defineWorkflow({
  statuses: ['studying', 'left'],
  initial: 'studying',
  labels: { studying: 'Studying', left: 'Left' },
  moves: { studying: ['left'], left: [] },
  // A leaving recorded by mistake is undone by the principal.
  principalMoves: { left: ['studying'] },
});
