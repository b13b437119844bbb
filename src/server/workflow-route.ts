/**
 * What a record's workflow route is made of (src/features/workflow-moves.server.ts makes the moves):
 * apart from the moves, so that a kind's declaration can name it without reaching the outbox.
 */
import type { AdminContext } from './auth.ts';
import type { Queryable } from './db.ts';
import type { Entity } from '../lib/record.ts';
import type { Workflow } from '../lib/workflow.ts';

/** A move being made, inside its transaction, after the record's row is locked. */
export interface Move<S extends string> {
  tx: Queryable;
  id: string;
  /** The locked row, every column. */
  row: Record<string, unknown>;
  from: S;
  to: S;
  note: string;
  body: Record<string, unknown>;
  ctx: AdminContext;
  /** Further columns the move writes with the status (column -> value). */
  set: Record<string, unknown>;
  /** Further audit entries' details, e.g. a seat override. */
  audit: { action: 'seat-override'; detail: string }[];
}

export interface WorkflowRoute<S extends string> {
  entity: Entity;
  table: string;
  workflow: Workflow<S>;
  /** How messages name the record ('This application'). */
  noun: string;
  notFound: string;
  /** The record's own rules for a move: throw to refuse it, or add columns to `move.set`. */
  check?: (move: Move<S>) => Promise<void> | void;
  /**
   * A PATCH without a status: the fields it may change instead (column -> value), or undefined
   * when this record takes none (400 then).
   */
  edit?: (body: Record<string, unknown>, row: Record<string, unknown>) => Record<string, unknown> | undefined;
  /** The record as its GET answers it, after the change. */
  answer: (id: string) => Promise<unknown>;
}
