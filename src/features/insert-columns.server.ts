/** What an insert of a record writes, read from its definition's fields (src/server/records.ts reads them back). */
import type { Field } from '../lib/record.ts';
import { sealAadhaar } from '../server/aadhaar.ts';
import { consentRecord } from './privacy/consent.server.ts';

/**
 * The columns and values that store `values` (by field name) for `fields`: an Aadhaar number is
 * sealed into its three columns (NULLs when none was given), a list is JSON, a consent is what was
 * agreed to, now, in the form's `language`.
 */
export function insertColumns(
  fields: readonly Field[],
  values: Record<string, unknown>,
): { columns: string[]; values: unknown[] } {
  const columns: string[] = [];
  const out: unknown[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'aadhaar') {
      const sealed = value ? sealAadhaar(String(value)) : undefined;
      columns.push(`${field.column}_enc`, `${field.column}_hash`, `${field.column}_last4`);
      out.push(sealed?.enc ?? null, sealed?.hash ?? null, sealed?.last4 ?? null);
    } else if (field.kind === 'consent') {
      columns.push(field.column);
      out.push(
        JSON.stringify(consentRecord(typeof values.language === 'string' && values.language ? values.language : 'en')),
      );
    } else if (field.kind === 'list') {
      columns.push(field.column);
      out.push(JSON.stringify(value ?? []));
    } else {
      columns.push(field.column);
      out.push(value);
    }
  }
  return { columns, values: out };
}
