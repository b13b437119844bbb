/**
 * The school's whole fee structure of a session, as the principal keeps it at /admin/fees and the
 * public fee page and the Mandatory Public Disclosure show it: rows of classes (one class, or a
 * group the school charges alike, such as Classes 1-5) and columns of fees (the admission fee,
 * tuition per month or quarter, annual charges, transport by distance slab, other named charges).
 *
 * The admission fee's column is the admission fee families pay online (admission_fees, ./fees.ts):
 * one figure, kept in one place. Amounts travel as whole rupees and are stored as whole paise. This
 * file is the one schema of a change, read by the editor and the function alike.
 *
 * Rows name only the classes the school offers (its profile): a save naming another is refused, and
 * a structure saved before the school stopped offering a class is shown without it.
 */
import { z } from '../../lib/zod.ts';
import { ALL_CLASSES, classOrder, isSchoolClass as isClass } from '../../lib/classes.ts';
import { Rules, text, validate, type Result } from '../../lib/forms/validate.ts';
import { formatRupees, rupeesToPaise } from '../../lib/money.ts';
import { isSessionName } from '../../lib/sessions.ts';
import { MAX_FEE_PAISE, type SchoolClass } from './fees.ts';

export const FEE_KINDS = ['admission', 'tuition', 'annual', 'transport', 'other'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const FEE_PERIODS = ['once', 'month', 'quarter', 'year'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];

/** How often each kind of fee may fall due: tuition and transport by the month or the quarter, the rest as a school charges them. */
export const PERIODS_OF: Record<FeeKind, readonly FeePeriod[]> = {
  admission: ['once'],
  tuition: ['month', 'quarter'],
  annual: ['year'],
  transport: ['month', 'quarter'],
  other: ['once', 'month', 'quarter', 'year'],
};

/**
 * The names a new fee of each kind starts with in the editor (the principal changes them: a
 * transport slab is named by its distance, another charge by what it is for).
 */
export const STARTING_NAMES: Record<FeeKind, FeeName> = {
  admission: { en: 'Admission fee', hi: 'प्रवेश शुल्क' },
  tuition: { en: 'Tuition fee', hi: 'शिक्षण शुल्क' },
  annual: { en: 'Annual charges', hi: 'वार्षिक शुल्क' },
  transport: { en: 'Transport, up to 5 km', hi: 'वाहन शुल्क, 5 कि.मी. तक' },
  other: { en: '', hi: '' },
};

/** The limits of a structure: more fees or longer names than a school's fee card has are a mistake. */
export const STRUCTURE_LIMITS = { heads: 20, name: 60 } as const;

export interface FeeName {
  en: string;
  hi: string;
}

/** A fee the school charges (a column): `id` names its amounts in each row. */
export interface FeeHead {
  id: string;
  kind: FeeKind;
  period: FeePeriod;
  name: FeeName;
}

/** A row: the classes it covers (in the school's class order) and each fee's amount, null where that fee is not charged. */
export interface FeeRow<Amount = number> {
  classes: SchoolClass[];
  amounts: Record<string, Amount | null>;
}

export interface FeeStructure<Amount = number> {
  heads: FeeHead[];
  rows: FeeRow<Amount>[];
}

/**
 * GET /v1/api/fees/structure?session=: the structure of a session, in rupees, for the editor.
 * `state` says where the figures come from: `saved` for this session; `copy` of an earlier session's
 * (`from`), not yet saved for this one; `sample`, the website's starting figures, shown nowhere public;
 * `blank` when there is neither.
 */
export interface FeeStructureAnswer {
  session: string;
  sessions: string[];
  state: 'saved' | 'copy' | 'sample' | 'blank';
  from: string | null;
  structure: FeeStructure;
  /** The TC fee (every session), in rupees. */
  transferCertificate: number;
  /** The sessions that have a saved structure: the editor asks before a copy replaces one. */
  saved: string[];
  updatedAt: string | null;
  /** The classes the school offers (its profile), in the school's order: the rows' choices. */
  classes: SchoolClass[];
}

export const STRUCTURE_TEXTS = {
  session: 'Choose a session such as 2027-28.',
  heads: `List the fees: at least the admission fee, at most ${STRUCTURE_LIMITS.heads}.`,
  admissionHead: 'The structure has one admission fee: the one families pay online.',
  headId: 'Each fee needs an id of small letters, digits or dashes, different from the others.',
  kind: 'Choose what kind of fee this is.',
  period: 'Choose when this fee is due.',
  name: `Name the fee in English and in Hindi, at most ${STRUCTURE_LIMITS.name} letters.`,
  sameName: 'Two fees have the same name.',
  rows: 'List the rows: each a class or a group of classes.',
  noClass: 'Choose the classes of this row.',
  unknownClass: 'Unknown class.',
  notOffered: 'The school does not offer this class (the classes are set in the school profile).',
  twice: 'A class is in two rows.',
  unknownFee: 'An amount names a fee that is not in the list.',
  admissionAmount: 'Give the admission fee of every row (0 for none).',
  amount: 'Enter the fee in whole rupees (for example 1200 or 1,200), or leave it empty where it is not charged.',
  negative: 'A fee cannot be less than zero.',
  tooMuch: `A fee can be at most ${formatRupees(MAX_FEE_PAISE)}.`,
  tc: 'Enter the TC fee in whole rupees.',
  copyFrom: 'That session has no saved fee structure to copy.',
  copyTo: 'Choose another session to copy to.',
} as const;

/** The field of a row's amount in `fields` (the editor marks that box). */
export const amountField = (row: number, head: string) => `rows.${row}.amounts.${head}`;

const isKind = (value: unknown): value is FeeKind =>
  typeof value === 'string' && (FEE_KINDS as readonly string[]).includes(value);
const HEAD_ID = /^[a-z0-9-]{1,24}$/;

/** A fee as typed or sent: whole paise, null when left empty, undefined when it is not an amount in whole rupees. */
export function typedPaise(value: unknown): number | null | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const paise = rupeesToPaise(value);
  return paise === undefined || paise % 100 !== 0 ? undefined : paise;
}

type Loose = Record<string, unknown>;
const objects = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : {})) : [];
const record = (value: unknown): Loose =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {};
const nameOf = (value: unknown): FeeName => {
  const n = record(value);
  return { en: typeof n.en === 'string' ? n.en.trim() : '', hi: typeof n.hi === 'string' ? n.hi.trim() : '' };
};

const shape = z.object({
  session: text(),
  heads: z.array(z.unknown()),
  rows: z.array(z.unknown()),
  transferCertificate: z.optional(z.nullable(z.union([z.number(), z.string()]))),
});

/**
 * PUT /v1/api/fees/structure { session, heads: [{ id, kind, period, name: { en, hi } }],
 * rows: [{ classes, amounts: { [id]: rupees | null } }], transferCertificate }, its rows' classes
 * among `offered`. Every rule runs, so each wrong box is marked; nothing is stored unless all pass.
 */
const structureSchema = (offered: readonly string[]) =>
  shape.check(
    z.superRefine((v: z.output<typeof shape>, ctx) => {
      const rules = new Rules(ctx, true);
      const heads = objects(v.heads);
      const rows = objects(v.rows);
      const ids = heads.map((h) => h.id);
      rules.check(STRUCTURE_TEXTS.session, () => (isSessionName(v.session) ? [] : ['session']));
      rules.check(STRUCTURE_TEXTS.heads, () =>
        heads.length < 1 || heads.length > STRUCTURE_LIMITS.heads ? ['heads'] : [],
      );
      rules.check(STRUCTURE_TEXTS.admissionHead, () =>
        heads.filter((h) => h.kind === 'admission').length !== 1 ? ['heads'] : [],
      );
      rules.check(STRUCTURE_TEXTS.headId, () =>
        heads.flatMap((h, i) =>
          typeof h.id !== 'string' || !HEAD_ID.test(h.id) || ids.indexOf(h.id) !== i ? [`heads.${i}.id`] : [],
        ),
      );
      rules.check(STRUCTURE_TEXTS.kind, () => heads.flatMap((h, i) => (isKind(h.kind) ? [] : [`heads.${i}.kind`])));
      rules.check(STRUCTURE_TEXTS.period, () =>
        heads.flatMap((h, i) =>
          isKind(h.kind) && !(PERIODS_OF[h.kind] as readonly unknown[]).includes(h.period) ? [`heads.${i}.period`] : [],
        ),
      );
      rules.check(STRUCTURE_TEXTS.name, () =>
        heads.flatMap((h, i) => {
          const n = nameOf(h.name);
          return (['en', 'hi'] as const)
            .filter((l) => !n[l] || n[l].length > STRUCTURE_LIMITS.name)
            .map((l) => `heads.${i}.name.${l}`);
        }),
      );
      rules.check(STRUCTURE_TEXTS.sameName, () => {
        const seen = heads.map((h) => nameOf(h.name).en.toLowerCase());
        return seen.flatMap((n, i) => (n && seen.indexOf(n) !== i ? [`heads.${i}.name.en`] : []));
      });
      rules.check(STRUCTURE_TEXTS.rows, () => (rows.length < 1 || rows.length > ALL_CLASSES.length ? ['rows'] : []));
      rules.check(STRUCTURE_TEXTS.noClass, () =>
        rows.flatMap((r, i) => (!Array.isArray(r.classes) || r.classes.length === 0 ? [`rows.${i}.classes`] : [])),
      );
      rules.check(STRUCTURE_TEXTS.unknownClass, () =>
        rows.flatMap((r, i) =>
          Array.isArray(r.classes) && r.classes.some((c) => !isClass(c)) ? [`rows.${i}.classes`] : [],
        ),
      );
      rules.check(STRUCTURE_TEXTS.notOffered, () =>
        rows.flatMap((r, i) =>
          Array.isArray(r.classes) && r.classes.some((c) => isClass(c) && !offered.includes(c))
            ? [`rows.${i}.classes`]
            : [],
        ),
      );
      rules.check(STRUCTURE_TEXTS.twice, () => {
        const all = rows.flatMap((r, i) =>
          Array.isArray(r.classes) ? r.classes.map((c) => [String(c), i] as const) : [],
        );
        return [
          ...new Set(all.filter(([c], k) => all.findIndex(([d]) => d === c) !== k).map(([, i]) => `rows.${i}.classes`)),
        ];
      });
      rules.check(STRUCTURE_TEXTS.unknownFee, () =>
        rows.flatMap((r, i) =>
          Object.keys(record(r.amounts)).some((id) => !ids.includes(id)) ? [`rows.${i}.amounts`] : [],
        ),
      );
      const cells = rows.flatMap((r, i) =>
        heads
          .filter((h) => typeof h.id === 'string')
          .map((h) => ({
            field: amountField(i, String(h.id)),
            value: record(r.amounts)[String(h.id)],
            admission: h.kind === 'admission',
          })),
      );
      const negative = (value: unknown) => (rupeesToPaise(value) ?? 0) < 0;
      rules.check(STRUCTURE_TEXTS.negative, () => [
        ...cells.filter((c) => negative(c.value)).map((c) => c.field),
        ...(negative(v.transferCertificate) ? ['transferCertificate'] : []),
      ]);
      rules.check(STRUCTURE_TEXTS.admissionAmount, () =>
        cells.filter((c) => c.admission && typedPaise(c.value) === null).map((c) => c.field),
      );
      rules.check(STRUCTURE_TEXTS.amount, () =>
        cells.filter((c) => typedPaise(c.value) === undefined).map((c) => c.field),
      );
      rules.check(STRUCTURE_TEXTS.tc, () =>
        typeof typedPaise(v.transferCertificate) !== 'number' ? ['transferCertificate'] : [],
      );
      rules.check(STRUCTURE_TEXTS.tooMuch, () => [
        ...cells.filter((c) => (typedPaise(c.value) ?? 0) > MAX_FEE_PAISE).map((c) => c.field),
        ...((typedPaise(v.transferCertificate) ?? 0) > MAX_FEE_PAISE ? ['transferCertificate'] : []),
      ]);
    }),
  );

export interface FeeStructureChange {
  session: string;
  /** Amounts in whole paise; rows in the school's class order, each row's classes too. */
  structure: FeeStructure;
  tcPaise: number;
}

/** A change of the structure, checked: amounts in whole paise, rows and their classes (among `offered`) in the school's order. */
export function validateStructure(
  input: unknown,
  offered: readonly string[] = ALL_CLASSES,
): Result<FeeStructureChange> {
  const result = validate(structureSchema(offered), input);
  if (!result.ok) return result;
  const heads: FeeHead[] = objects(result.data.heads).map((h) => ({
    id: String(h.id),
    kind: h.kind as FeeKind,
    period: h.period as FeePeriod,
    name: nameOf(h.name),
  }));
  const rows = objects(result.data.rows)
    .map((r) => ({
      classes: (r.classes as SchoolClass[]).slice().sort((a, b) => classOrder(a) - classOrder(b)),
      amounts: Object.fromEntries(heads.map((h) => [h.id, typedPaise(record(r.amounts)[h.id]) ?? null])),
    }))
    .sort((a, b) => classOrder(a.classes[0]!) - classOrder(b.classes[0]!));
  return {
    ok: true,
    data: {
      session: result.data.session,
      structure: { heads, rows },
      tcPaise: typedPaise(result.data.transferCertificate)!,
    },
  };
}

/** `structure` as a school offering `offered` shows it: each row without the classes it no longer offers, a row left with none gone. */
export function offeredStructure<A>(structure: FeeStructure<A>, offered: readonly string[]): FeeStructure<A> {
  const rows = structure.rows
    .map((r) => ({ ...r, classes: r.classes.filter((c) => offered.includes(c)) }))
    .filter((r) => r.classes.length);
  return { heads: structure.heads, rows };
}

/**
 * A row's classes as runs of classes next to each other in the school's order: [['1', '5']] for
 * Classes 1 to 5, [['P.N.C', 'N.C'], ['2', '2']] for a row the school grouped across a gap.
 */
export function classRuns(classes: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const c of [...classes].sort((a, b) => classOrder(a) - classOrder(b))) {
    const last = runs.at(-1);
    if (last && classOrder(c) === classOrder(last[1]) + 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs;
}

/** The heads and rows with the admission column as the school charges it: a row whose classes are charged differently parts into one row per class. */
export function withAdmission(
  structure: FeeStructure,
  admissionPaise: (c: string) => number | undefined,
): FeeStructure {
  const head = structure.heads.find((h) => h.kind === 'admission')!;
  const rows = structure.rows.flatMap((row) => {
    const fees = row.classes.map((c) => admissionPaise(c) ?? null);
    const alike = fees.every((f) => f === fees[0]);
    const parts = alike ? [row.classes] : row.classes.map((c) => [c]);
    return parts.map((classes) => ({
      classes,
      amounts: { ...row.amounts, [head.id]: admissionPaise(classes[0]!) ?? null },
    }));
  });
  return { heads: structure.heads, rows };
}
