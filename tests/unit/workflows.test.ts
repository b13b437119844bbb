/**
 * The workflows' rules, move by move, in process: for every pair of statuses of every record's
 * workflow, whether office staff may make the move, whether only a principal may (403
 * principal-only over HTTP), or neither (409 naming the allowed moves, whose words are checked
 * here); where each record starts; which statuses are final. tests/http/workflow.test.ts keeps
 * what the API does with a move: the 409/403/400 answers, the history and the audit entry.
 */
import { describe, expect, it } from 'vitest';
import { ADMISSION_WORKFLOW } from '../../src/features/admission/workflow.ts';
import { ENQUIRY_WORKFLOW } from '../../src/features/enquiry/workflow.ts';
import { TC_WORKFLOW } from '../../src/features/tc-request/workflow.ts';
import { allowedMoves, isPrincipalMove, isStatus, statusLabel, type Workflow } from '../../src/lib/workflow.ts';
import { refusedMove } from '../../src/features/workflow-moves.server.ts';

interface Case {
  name: string;
  noun: string;
  wf: Workflow;
  /** The moves office staff may make, written out: the table the spec gives. */
  office: Record<string, string[]>;
  /** The moves only a principal may make (reopening a decision). */
  principalOnly: Record<string, string[]>;
  final: string[];
}

const CASES: Case[] = [
  {
    name: 'admission',
    noun: 'This application',
    wf: ADMISSION_WORKFLOW as Workflow,
    office: {
      received: ['under-review', 'withdrawn'],
      'under-review': ['documents-verified', 'withdrawn'],
      'documents-verified': ['admitted', 'waitlisted', 'not-admitted', 'withdrawn'],
      waitlisted: ['admitted', 'not-admitted', 'withdrawn'],
      admitted: [],
      'not-admitted': [],
      withdrawn: [],
    },
    principalOnly: {
      admitted: ['under-review'],
      waitlisted: ['under-review'],
      'not-admitted': ['under-review'],
      withdrawn: ['under-review'],
    },
    final: ['admitted', 'not-admitted', 'withdrawn'],
  },
  {
    name: 'enquiry',
    noun: 'This enquiry',
    wf: ENQUIRY_WORKFLOW as Workflow,
    office: {
      new: ['contacted', 'closed'],
      contacted: ['visited', 'applied', 'closed'],
      visited: ['applied', 'closed'],
      applied: [],
      closed: [],
    },
    principalOnly: {},
    final: ['applied', 'closed'],
  },
  {
    name: 'tc-request',
    noun: 'This TC request',
    wf: TC_WORKFLOW as Workflow,
    office: { requested: ['fee-paid', 'rejected'], 'fee-paid': ['issued', 'rejected'], issued: [], rejected: [] },
    principalOnly: {},
    final: ['issued', 'rejected'],
  },
];

const pairs = (wf: Workflow) =>
  wf.statuses.flatMap((from) => wf.statuses.filter((to) => to !== from).map((to) => [from, to] as const));

describe.each(CASES)('$name workflow', ({ noun, wf, office, principalOnly, final }) => {
  it('starts every record at its first status; every status has a label and is reachable from the start', () => {
    expect(wf.statuses[0]).toBe(wf.initial);
    const seen = new Set([wf.initial]);
    for (let grew = true; grew;) {
      grew = false;
      for (const from of [...seen])
        for (const to of wf.moves[from] ?? []) if (!seen.has(to)) grew = seen.add(to).size > 0;
    }
    expect([...seen].sort()).toEqual([...wf.statuses].sort());
    for (const s of wf.statuses) expect(statusLabel(wf, s)).toBe(wf.labels[s]);
    expect(isStatus(wf, 'lost')).toBe(false);
    expect(isStatus(wf, 12)).toBe(false);
  });

  it('has the moves the table gives, and only those', () => {
    expect(Object.fromEntries(wf.statuses.map((s) => [s, allowedMoves(wf, s, 'office')]))).toEqual(office);
  });

  it('has final statuses that office staff cannot move out of', () => {
    expect(wf.statuses.filter((s) => allowedMoves(wf, s, 'office').length === 0)).toEqual(final);
  });

  it.each(pairs(wf))(
    "%s -> %s: allowed for office and principal alike, a principal's move, or refused with the allowed ones named",
    (from, to) => {
      const forOffice = allowedMoves(wf, from, 'office');
      const forPrincipal = allowedMoves(wf, from, 'principal');
      if (office[from]!.includes(to)) {
        expect(forOffice).toContain(to);
        expect(forPrincipal).toContain(to);
        expect(isPrincipalMove(wf, from, to)).toBe(false);
      } else if (principalOnly[from]?.includes(to)) {
        expect(forOffice).not.toContain(to);
        expect(forPrincipal).toContain(to);
        expect(isPrincipalMove(wf, from, to)).toBe(true);
      } else {
        expect(forOffice).not.toContain(to);
        expect(forPrincipal).not.toContain(to);
        const refused = refusedMove({ workflow: wf, noun }, from, to, forOffice);
        expect(refused.status).toBe(409);
        expect(refused.message).toContain(`${noun} is ${wf.labels[from]} and cannot move to ${wf.labels[to]}`);
        for (const next of forOffice) expect(refused.message).toContain(wf.labels[next]);
        if (!forOffice.length) expect(refused.message).toContain('cannot move any further');
      }
    },
  );
});
