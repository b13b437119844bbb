/**
 * The parent's consent, a field of every public form: a required checkbox under a short version of
 * the privacy notice. The form sends `consent: true` (JSON) or `consent=true` (multipart); the record
 * keeps what was agreed to (src/features/privacy/consent.server.ts).
 */
export const consentField = <const S extends string | undefined = undefined>(detailsSection?: S) =>
  ({
    name: 'consent',
    column: 'consent',
    label: "Parent's or guardian's consent",
    kind: 'consent',
    labels: { details: 'Consent' },
    show: ['form', 'details'],
    ...(detailsSection ? { detailsSection } : {}),
  }) as const;

/** Whether a submitted value is the ticked box. */
export const isConsent = (value: unknown) => value === true || value === 'true';

/**
 * What a parent may write in place of an ABC (APAAR) ID: that they refuse to have one made, or that
 * it could not be generated. Either way the ABC card is then not asked for.
 */
export const ABC_ID_ANSWERS = ['REFUSED', 'NOGEN'] as const;
export const isAbcOptOut = (value: unknown) =>
  typeof value === 'string' && (ABC_ID_ANSWERS as readonly string[]).includes(value.trim().toUpperCase());
