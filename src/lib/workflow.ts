/**
 * A record's statuses and the moves between them, as data: the admin screens offer exactly the
 * moves the server accepts, and the server refuses any other with 409 naming the allowed ones.
 */
import type { Role } from './roles.ts';

export interface Workflow<S extends string = string> {
  /** Every status, in the order filters and counts list them. */
  readonly statuses: readonly S[];
  /** Where every record starts (its creation is the first entry of its history). */
  readonly initial: S;
  readonly labels: Readonly<Record<S, string>>;
  /** Status -> where staff may move it next. */
  readonly moves: Readonly<Record<S, readonly S[]>>;
  /** Moves only a principal may make (reopening a decision); each needs a note. */
  readonly principalMoves?: Readonly<Partial<Record<S, readonly S[]>>>;
  /** What a move to a status must carry besides the status (e.g. a TC's number). */
  readonly needs?: Readonly<Partial<Record<S, readonly MoveInput[]>>>;
}

/** An input a move asks for: its name in the PATCH body and how the screen labels it. */
export interface MoveInput {
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'date' | 'textarea';
  readonly max: number;
}

/** One entry of a record's history, oldest first; `by` is the person's name. */
export interface HistoryEntry {
  status: string;
  note: string;
  by: string;
  at: string;
}

/** Who the first history entry names: the record came in through a public form. */
export const CREATED_BY = 'Online form';

export const defineWorkflow = <const S extends string>(workflow: Workflow<S>): Workflow<S> => workflow;

/** Whether a principal-only move (which needs a note). */
export const isPrincipalMove = <S extends string>(wf: Workflow<S>, from: S, to: S) =>
  !!wf.principalMoves?.[from]?.includes(to);

/** Where `role` may move a record that is at `from`. */
export function allowedMoves<S extends string>(wf: Workflow<S>, from: S, role: Role): S[] {
  const moves = [...(wf.moves[from] ?? [])];
  if (role === 'principal') for (const to of wf.principalMoves?.[from] ?? []) if (!moves.includes(to)) moves.push(to);
  return moves;
}

export const isStatus = <S extends string>(wf: Workflow<S>, value: unknown): value is S =>
  typeof value === 'string' && (wf.statuses as readonly string[]).includes(value);

export const statusLabel = <S extends string>(wf: Workflow<S>, status: string) =>
  isStatus(wf, status) ? wf.labels[status] : status;
