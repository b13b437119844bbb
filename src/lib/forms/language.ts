/**
 * The language a public form is filled in: a hidden field of every form, set by the page (the
 * Hindi pages send 'hi'), English when not sent. Every message to the parent about that record is
 * written in it.
 */
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../i18n/languages.ts';

export const languageField = <const S extends string | undefined = undefined>(detailsSection?: S) =>
  ({
    name: 'language',
    column: 'language',
    label: 'Language of the form',
    kind: 'select',
    options: LANGUAGES,
    optionText: (v: string) => LANGUAGE_NAMES[v as Language] ?? v,
    hidden: true,
    fallback: 'en',
    labels: { details: 'Messages in', list: 'Language' },
    ...(detailsSection ? { detailsSection } : {}),
    show: ['form', 'details', 'export'],
  }) as const;
