/**
 * The school's fees as the principal edits them (/admin/fees) and everyone reads them
 * (GET /v1/api/fees, the public fee structure, payments): the admission fee of each class per
 * session, and the transfer certificate's fee. Amounts travel as whole rupees, as the school
 * quotes them; they are stored as whole paise, as payments store amounts (src/lib/money.ts).
 * This file is the one schema of a change, read by the editor and the function alike. The classes
 * are those the school offers (its profile); a fee kept for a class it no longer offers stays for the
 * records made for it, and is not listed.
 */
import { z } from '../../lib/zod.ts';
import { ALL_CLASSES, inClassOrder, isSchoolClass as isClass } from '../../lib/classes.ts';
import { Rules, text, validate, type Result } from '../../lib/forms/validate.ts';
import { formatRupees, rupeesToPaise } from '../../lib/money.ts';
import { isSessionName } from '../../lib/sessions.ts';

export type SchoolClass = (typeof ALL_CLASSES)[number];

/** No fee is above ten lakh rupees: an extra zero typed by mistake is caught. */
export const MAX_FEE_PAISE = 10_00_000 * 100;

/** Which of the school's fees a paid record owes (a kind's `payment.fee`, src/features/record-kind.ts). */
export type FeeItem =
  | { readonly item: 'admission'; readonly classColumn: string; readonly sessionColumn: string }
  | { readonly item: 'transfer-certificate' };

/** GET /v1/api/fees: the fees of `session`, and of which session they are (`setFor`: an earlier one when they carry over). */
export interface FeeSchedule {
  session: string;
  /** The sessions the editor offers: last, this and next, and every one with fees of its own. */
  sessions: string[];
  /** The session whose fees these are: `session` itself, an earlier one whose fees carry over, or null when none is set. */
  setFor: string | null;
  admission: { admissionClass: SchoolClass; amount: number | null }[];
  /** The transfer certificate's fee, in rupees. */
  transferCertificate: number;
  updatedAt: string | null;
}

export const FEE_TEXTS = {
  session: 'Choose a session such as 2027-28.',
  admission: 'Send the admission fees as a list of { admissionClass, amount }, one for every class.',
  unknownClass: 'Unknown class.',
  notOffered: 'The school does not offer this class (the classes are set in the school profile).',
  twice: 'A class is listed twice.',
  missing: 'Give the fee of every class.',
  amount: 'Enter the fee in whole rupees (for example 8000 or 8,000).',
  negative: 'A fee cannot be less than zero.',
  tooMuch: `A fee can be at most ${formatRupees(MAX_FEE_PAISE)}.`,
} as const;

/** The field of a class's fee in `fields` (the editor marks that row). */
export const classField = (admissionClass: string) => `admission.${admissionClass}`;

const shape = z.object({
  session: text(),
  admission: z.optional(z.nullable(z.array(z.unknown()))),
  transferCertificate: z.optional(z.nullable(z.union([z.number(), z.string()]))),
});

export interface FeeChange {
  session: string;
  admission: { admissionClass: SchoolClass; amountPaise: number }[];
  transferCertificatePaise: number;
}

type Entry = { admissionClass?: unknown; amount?: unknown };
const entries = (list: readonly unknown[] | null | undefined): Entry[] =>
  (list ?? []).map((e) => (e && typeof e === 'object' ? (e as Entry) : {}));

/** A fee as typed or sent: whole paise, or undefined when it is not an amount in whole rupees. */
function feePaise(value: unknown): number | undefined {
  const paise = rupeesToPaise(value);
  return paise === undefined || paise % 100 !== 0 ? undefined : paise;
}

/**
 * PUT /v1/api/fees { session, admission: [{ admissionClass, amount }], transferCertificate }: every
 * class of `offered` once, and no other, each fee whole rupees from 0 to ten lakh. Every rule runs,
 * so each wrong row is marked.
 */
const feeSchema = (offered: readonly string[]) =>
  shape.check(
    z.superRefine((v: z.output<typeof shape>, ctx) => {
      const rules = new Rules(ctx, true);
      const list = entries(v.admission);
      rules.check(FEE_TEXTS.session, () => (isSessionName(v.session) ? [] : ['session']));
      rules.check(FEE_TEXTS.admission, () => (Array.isArray(v.admission) ? [] : ['admission']));
      rules.check(FEE_TEXTS.unknownClass, () => (list.some((e) => !isClass(e.admissionClass)) ? ['admission'] : []));
      rules.check(FEE_TEXTS.notOffered, () =>
        list.flatMap((e) =>
          isClass(e.admissionClass) && !offered.includes(e.admissionClass) ? [classField(e.admissionClass)] : [],
        ),
      );
      rules.check(FEE_TEXTS.twice, () =>
        new Set(list.map((e) => e.admissionClass)).size !== list.length ? ['admission'] : [],
      );
      rules.check(FEE_TEXTS.missing, () =>
        Array.isArray(v.admission)
          ? offered.filter((c) => !list.some((e) => e.admissionClass === c)).map(classField)
          : [],
      );
      const amounts: [string, unknown][] = [
        ...list
          .filter((e) => isClass(e.admissionClass))
          .map((e): [string, unknown] => [classField(String(e.admissionClass)), e.amount]),
        ['transferCertificate', v.transferCertificate],
      ];
      const negative = (value: unknown) => (rupeesToPaise(value) ?? 0) < 0;
      rules.check(FEE_TEXTS.negative, () => amounts.filter(([, a]) => negative(a)).map(([f]) => f));
      rules.check(FEE_TEXTS.amount, () => amounts.filter(([, a]) => feePaise(a) === undefined).map(([f]) => f));
      rules.check(FEE_TEXTS.tooMuch, () =>
        amounts.filter(([, a]) => (feePaise(a) ?? 0) > MAX_FEE_PAISE).map(([f]) => f),
      );
    }),
  );

/** A change of the fees of the classes `offered`, checked: amounts in whole paise, the classes in the school's order. */
export function validateFees(input: unknown, offered: readonly string[] = ALL_CLASSES): Result<FeeChange> {
  const result = validate(feeSchema(offered), input);
  if (!result.ok) return result;
  const list = entries(result.data.admission);
  return {
    ok: true,
    data: {
      session: result.data.session,
      admission: inClassOrder(offered).map((c) => ({
        admissionClass: c,
        amountPaise: feePaise(list.find((e) => e.admissionClass === c)!.amount)!,
      })),
      transferCertificatePaise: feePaise(result.data.transferCertificate)!,
    },
  };
}
