/**
 * The list of record kinds holds together: one entry per name, each name one the audit log knows,
 * its statuses its workflow's, its final statuses those no staff move leads on from, what its
 * retention and payments name among them, and its labels, paths and letters present. What its
 * columns are against the migrated schema is kind-columns.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { KINDS, PAID_KINDS, isKindName, kindOf } from '../../src/features/kinds.ts';
import { SERVER_KINDS } from '../../src/features/kinds.server.ts';
import { personalFields } from '../../src/features/privacy/privacy.ts';
import { LANGUAGES } from '../../src/lib/i18n/index.ts';

describe('the list', () => {
  it('names each kind once, with its server part under the same name', () => {
    const names = KINDS.map((k) => k.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(SERVER_KINDS).sort()).toEqual([...names].sort());
    expect(names.every(isKindName)).toBe(true);
    expect(isKindName('job')).toBe(false);
  });

  it('knows which kinds are paid for, and each has its receipt', () => {
    expect(PAID_KINDS).toEqual(KINDS.filter((k) => k.payment).map((k) => k.name));
    expect(PAID_KINDS.length).toBeGreaterThan(0);
    for (const name of PAID_KINDS) expect(SERVER_KINDS[name].receipt, name).toBeDefined();
  });
});

describe.each(KINDS.map((k) => [k.name, k] as const))('%s', (name, kind) => {
  const statuses: readonly string[] = kind.workflow.statuses;

  it("is its definition's entity and table, and kindOf finds it", () => {
    expect(kind.definition.entity).toBe(name);
    expect(kind.table).toBe(kind.definition.table);
    expect(kindOf(name)).toBe(kind);
  });

  it('ends at the statuses no staff move leads on from', () => {
    const ends = statuses.filter((s) => !(kind.workflow.moves as Record<string, readonly string[]>)[s]?.length);
    expect([...kind.finalStatuses].sort()).toEqual(ends.sort());
  });

  it('names only its own statuses for retention, erasure and payments', () => {
    const { after } = kind.privacy.retention;
    const decided = after === 'last-change' ? [] : after.decidedAt;
    for (const s of decided) expect(kind.finalStatuses, s).toContain(s);
    // Kept for good: a decision (an admitted application), or every status of a record the school keeps (the register).
    for (const s of kind.privacy.neverErased ?? []) expect(statuses, s).toContain(s);
    for (const s of kind.privacy.neverErased ?? []) expect(decided, s).not.toContain(s);
    for (const s of kind.payment?.closed ?? []) expect(statuses, s).toContain(s);
    if (kind.payment?.coveredMove)
      expect(statuses).toEqual(expect.arrayContaining([kind.payment.coveredMove.from, kind.payment.coveredMove.to]));
    expect(kind.privacy.retention.days()).toBeGreaterThan(0);
  });

  it('has its labels, admin paths and a personal field to correct', () => {
    for (const label of Object.values(kind.labels)) expect(label.trim()).not.toBe('');
    // The register's list is its screen's own address (/admin/register), the others' a panel.
    expect(kind.admin.panel).toMatch(/^\/admin\/[a-z-]+(\/panel)?$/);
    expect(kind.admin.details).toMatch(/^\/admin\/[a-z-]+\/details\/$/);
    expect(personalFields(name).length).toBeGreaterThan(2);
  });

  it('writes a letter for each event in each language, under a template it names', () => {
    // A kind the office keeps for itself (the register) writes none.
    const letters = kind.letters;
    if (!letters) return;
    const row = {
      status: kind.workflow.initial,
      language: 'en',
      admission_class: '5',
      reference_number: 'RMCP-2026-000001',
      session: '2027-28',
    };
    for (const event of ['submitted', 'status'] as const) {
      for (const language of LANGUAGES) {
        const letter = letters.letter(event, language, row);
        expect(letter.template).toBe(`${name}.${event}`);
        expect(letters.templates[letter.template], letter.template).toBeTruthy();
        expect(letter.body.length).toBeGreaterThan(50);
      }
    }
  });
});
