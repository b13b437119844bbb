/**
 * The one list of the kinds of record parents fill in. Payments, privacy (erasure, export,
 * retention), audit, the desk, the outbox, receipts and the admin lists read it; each kind is
 * declared once, in its folder's kind.ts (its server part, kind.server.ts, is listed in
 * kinds.server.ts). The folders that have a kind.ts are listed by scripts/kinds-registry.ts in
 * kinds.generated.ts: adding a kind is its folder, its migration and its function
 * (`npm run new-kind -- <name>` writes all three and runs the registry).
 */
import type { RecordKind } from './record-kind.ts';
import { GENERATED_KINDS } from './kinds.generated.ts';

/** In the order the desk and the filters list them. */
export const KINDS = GENERATED_KINDS satisfies readonly RecordKind[];

export type Kind = (typeof KINDS)[number];
export type KindName = Kind['name'];
/** The kinds that are paid for. */
export type PaidKind = Extract<Kind, { payment: object }>['name'];

// The kinds' names are kinds of record the audit log and the definitions know (Entity).
declare module '../lib/record.ts' {
  interface RecordEntities extends Record<KindName, true> {}
}

const BY_NAME = new Map<string, RecordKind>(KINDS.map((k) => [k.name, k]));

export const isKindName = (name: unknown): name is KindName => typeof name === 'string' && BY_NAME.has(name);

/** The kind called `name`. */
export function kindOf(name: KindName): RecordKind<KindName> {
  return BY_NAME.get(name) as RecordKind<KindName>;
}

/** The kinds that are paid for. */
export const PAID_KINDS = KINDS.filter((k) => k.payment).map((k) => k.name) as PaidKind[];

export const isPaidKind = (name: unknown): name is PaidKind => (PAID_KINDS as readonly unknown[]).includes(name);
