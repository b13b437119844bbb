/**
 * A content page of the site (about, the messages, academics, infrastructure, the section landings,
 * the home page) as the office edits it in English and Hindi, and the one check of what it sends,
 * used by the admin island before sending and by the pages function again.
 *
 * A page's words are Bilingual fields; its text is Markdown (rendered and sanitised on the server,
 * page-markdown.server.ts); its pictures are placed pictures (src/features/pictures/picture.ts) with
 * alt text in both languages. A message page has a person (name, role, photo: the signature line);
 * the home page has its own parts (figures, buttons, mission, the accreditation card).
 */
import { z } from '../../lib/zod.ts';
import { LANGUAGES } from '../../lib/i18n/languages.ts';
import { hasControlCharacters, visibleText } from '../../lib/visible-text.ts';
import type { Bilingual, PlacedPicture } from '../pictures/picture.ts';

export interface PageFact {
  label: Bilingual;
  value: Bilingual;
}

export interface PageCard {
  title: Bilingual;
  /** Plain text; an empty line starts a new paragraph. */
  text: Bilingual;
  /** A small line above the title (the kind of a certificate), or empty. */
  meta: Bilingual;
  picture: PlacedPicture | null;
  /** The English address of a page of the site the card links (a Hindi page links its /hi/ twin), or empty. */
  href: string;
}

export interface PagePhoto {
  picture: PlacedPicture;
  caption: Bilingual;
}

/** Who signs a message page: "— Dr. A. Sharma" over "Principal". */
export interface PagePerson {
  name: Bilingual;
  role: Bilingual;
  photo: PlacedPicture | null;
}

export interface HomeFigure {
  value: Bilingual;
  label: Bilingual;
  /** Shipped with the repository and not yet confirmed or changed by the school. */
  sample: boolean;
}

export interface HomeButton {
  label: Bilingual;
  href: string;
}

/** What only the home page has. */
export interface HomeParts {
  eyebrow: Bilingual;
  buttons: HomeButton[];
  /** The figures' heading (for screen readers) and the label of the years figure (from the founding year). */
  statsHeading: Bilingual;
  yearsLabel: Bilingual;
  stats: HomeFigure[];
  aboutHeading: Bilingual;
  mission: { heading: Bilingual; text: Bilingual; tagline: Bilingual };
  accreditation: {
    heading: Bilingual;
    name: Bilingual;
    issuedBy: Bilingual;
    recognition: Bilingual;
    logo: PlacedPicture | null;
  };
}

/** A page's whole content. */
export interface PageContent {
  /** The page's heading (h1), its tab title and its name in the admin. */
  title: Bilingual;
  /** For search engines and link previews. */
  description: Bilingual;
  /** The line on the cards that link here (a section's page). */
  summary: Bilingual;
  lead: Bilingual;
  /** Markdown. */
  body: Bilingual;
  picture: PlacedPicture | null;
  factsHeading: Bilingual;
  facts: PageFact[];
  cardsHeading: Bilingual;
  cards: PageCard[];
  photosHeading: Bilingual;
  photos: PagePhoto[];
  person: PagePerson | null;
  home: HomeParts | null;
}

/** A page as the admin lists it (GET /v1/api/pages). */
export interface PageListed {
  path: string;
  title: Bilingual;
  hidden: boolean;
  /** Still the starting text the repository ships (never saved by the school). */
  sample: boolean;
  /** A message page with no name signed under it. */
  unsigned?: boolean;
  /** Home figures still the starting ones. */
  sampleFigures?: number;
  /** Cannot be hidden (the home page, a section's first page). */
  fixed: boolean;
  updatedAt: string | null;
}

/** One page as the editor reads it (GET /v1/api/pages?path=). */
export interface PageJson extends PageListed {
  content: PageContent;
}

export const PAGE_LIMITS = {
  line: 200,
  description: 300,
  lead: 1000,
  body: 20_000,
  cardText: 1000,
  facts: 20,
  cards: 24,
  photos: 24,
  stats: 8,
  buttons: 3,
} as const;

/** A page's JSON at its longest: every field of both languages at its limit (Devanagari is 3 bytes a letter) with JSON's escapes. */
export const PAGE_BODY_BYTES = 512 * 1024;

export const PAGE_TEXTS = {
  path: 'This page is not one of the site’s pages.',
  invalid: 'The page could not be read. Reload the screen and try again.',
  required: 'Write it in English and in Hindi.',
  tooLong: 'This is too long.',
  control: 'Remove the special characters pasted from another program.',
  tooMany: 'There are too many of these on one page.',
  href: 'Choose a page of this site (an address starting with /).',
  picture: 'This picture is not one of the school’s pictures. Choose it again.',
  alt: 'Describe the picture in English and in Hindi for those who cannot see it.',
  fixed:
    'This page cannot be hidden: the home page and a section’s first page stay on the site. Hide the pages under it instead.',
  hidden: 'Hidden must be true or false.',
  notFound: 'No such page.',
} as const;
export type PageMessage = keyof typeof PAGE_TEXTS;

// ---------------------------------------------------------------------------------------------
// Shape (zod): types only; the rules are below, with a message per field

const text = z.optional(z.nullable(z.string()));
const bilingual = z.optional(z.nullable(z.object({ en: text, hi: text })));
const picture = z.optional(z.nullable(z.object({ picture: z.string(), alt: bilingual })));
const list = <T extends z.ZodMiniType>(item: T) => z.optional(z.nullable(z.array(item)));

const shape = z.object({
  path: z.string(),
  hidden: z.optional(z.boolean()),
  title: bilingual,
  description: bilingual,
  summary: bilingual,
  lead: bilingual,
  body: bilingual,
  picture,
  factsHeading: bilingual,
  facts: list(z.object({ label: bilingual, value: bilingual })),
  cardsHeading: bilingual,
  cards: list(z.object({ title: bilingual, text: bilingual, meta: bilingual, picture, href: text })),
  photosHeading: bilingual,
  photos: list(z.object({ picture, caption: bilingual })),
  person: z.optional(z.nullable(z.object({ name: bilingual, role: bilingual, photo: picture }))),
  home: z.optional(
    z.nullable(
      z.object({
        eyebrow: bilingual,
        buttons: list(z.object({ label: bilingual, href: text })),
        statsHeading: bilingual,
        yearsLabel: bilingual,
        stats: list(z.object({ value: bilingual, label: bilingual, sample: z.optional(z.boolean()) })),
        aboutHeading: bilingual,
        mission: z.optional(z.object({ heading: bilingual, text: bilingual, tagline: bilingual })),
        accreditation: z.optional(
          z.object({ heading: bilingual, name: bilingual, issuedBy: bilingual, recognition: bilingual, logo: picture }),
        ),
      }),
    ),
  ),
});
type Shape = z.output<typeof shape>;
type RawBilingual = { en?: string | null; hi?: string | null } | null | undefined;
type RawPicture = { picture: string; alt?: RawBilingual } | null | undefined;

/** What the office sends: the page's address, whether it is hidden, and any of its parts (a part left out keeps what the page has). */
export interface PageInput {
  path: string;
  hidden?: boolean;
  content: Partial<PageContent>;
}

export type PageValidation =
  | { ok: true; data: PageInput }
  | { ok: false; error: string; code: string; fields: Record<string, string>; codes: Record<string, string> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A picture id: an uploaded picture's UUID or a starting picture's name. */
const PICTURE_ID = /^starting:[a-z0-9][a-z0-9-]{0,80}$/;
/** An address of this site: a path, no scheme, no host, no `//`. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~/]*$/;

export const isPictureId = (id: string) => UUID.test(id) || PICTURE_ID.test(id);
export const isSitePath = (href: string) => SITE_PATH.test(href) && !href.includes('//') && href.length <= 200;

const emptyBilingual = (): Bilingual => ({ en: '', hi: '' });

/**
 * The checks, each failure named by its field's path ('title.hi', 'cards.2.text.en'). Whether the
 * address is a page of the site is the server's to say (it knows the pages).
 */
function check(input: Shape, issue: (path: string, key: PageMessage) => void): PageInput {
  const content: Partial<PageContent> = {};
  const words = (
    raw: RawBilingual,
    path: string,
    opts: { required?: boolean; max?: number; lines?: boolean } = {},
  ): Bilingual => {
    const out = emptyBilingual();
    for (const language of LANGUAGES) {
      const value = visibleText(raw?.[language] ?? '').replace(/\r\n?/g, '\n');
      const at = `${path}.${language}`;
      if (!value && opts.required) issue(at, 'required');
      else if (hasControlCharacters(value, opts.lines)) issue(at, 'control');
      else if (value.length > (opts.max ?? PAGE_LIMITS.line)) issue(at, 'tooLong');
      out[language] = value;
    }
    return out;
  };
  const placed = (raw: RawPicture, path: string): PlacedPicture | null => {
    if (!raw) return null;
    const id = raw.picture.trim();
    if (!isPictureId(id)) issue(`${path}.picture`, 'picture');
    const alt = words(raw.alt, `${path}.alt`);
    if (!alt.en || !alt.hi) issue(`${path}.alt`, 'alt');
    return { picture: id, alt };
  };
  const href = (raw: string | null | undefined, path: string, required = false): string => {
    const value = (raw ?? '').trim();
    if ((value || required) && !isSitePath(value)) issue(path, 'href');
    return value;
  };
  const items = <T, R>(
    raw: readonly T[] | null | undefined,
    path: string,
    max: number,
    each: (item: T, at: string) => R,
  ): R[] => {
    const all = raw ?? [];
    if (all.length > max) issue(path, 'tooMany');
    return all.slice(0, max).map((item, i) => each(item, `${path}.${i}`));
  };

  if (input.title !== undefined) content.title = words(input.title, 'title', { required: true });
  if (input.description !== undefined)
    content.description = words(input.description, 'description', { required: true, max: PAGE_LIMITS.description });
  if (input.summary !== undefined) content.summary = words(input.summary, 'summary', { max: PAGE_LIMITS.description });
  if (input.lead !== undefined) content.lead = words(input.lead, 'lead', { max: PAGE_LIMITS.lead, lines: true });
  if (input.body !== undefined) content.body = words(input.body, 'body', { max: PAGE_LIMITS.body, lines: true });
  if (input.picture !== undefined) content.picture = placed(input.picture, 'picture');
  if (input.factsHeading !== undefined) content.factsHeading = words(input.factsHeading, 'factsHeading');
  if (input.facts !== undefined) {
    content.facts = items(input.facts, 'facts', PAGE_LIMITS.facts, (f, at) => ({
      label: words(f.label, `${at}.label`, { required: true }),
      value: words(f.value, `${at}.value`, { required: true }),
    }));
  }
  if (input.cardsHeading !== undefined) content.cardsHeading = words(input.cardsHeading, 'cardsHeading');
  if (input.cards !== undefined) {
    content.cards = items(input.cards, 'cards', PAGE_LIMITS.cards, (c, at) => ({
      title: words(c.title, `${at}.title`, { required: true }),
      text: words(c.text, `${at}.text`, { max: PAGE_LIMITS.cardText, lines: true }),
      meta: words(c.meta, `${at}.meta`),
      picture: placed(c.picture, `${at}.picture`),
      href: href(c.href, `${at}.href`),
    }));
  }
  if (input.photosHeading !== undefined) content.photosHeading = words(input.photosHeading, 'photosHeading');
  if (input.photos !== undefined) {
    content.photos = items(input.photos, 'photos', PAGE_LIMITS.photos, (p, at) => {
      if (!p.picture) issue(`${at}.picture`, 'picture');
      return {
        picture: placed(p.picture, `${at}.picture`) ?? { picture: '', alt: emptyBilingual() },
        caption: words(p.caption, `${at}.caption`),
      };
    });
  }
  if (input.person !== undefined) {
    content.person = input.person && {
      name: words(input.person.name, 'person.name'),
      role: words(input.person.role, 'person.role', { required: true }),
      photo: placed(input.person.photo, 'person.photo'),
    };
  }
  if (input.home !== undefined && input.home) {
    const h = input.home;
    content.home = {
      eyebrow: words(h.eyebrow, 'home.eyebrow'),
      buttons: items(h.buttons, 'home.buttons', PAGE_LIMITS.buttons, (b, at) => ({
        label: words(b.label, `${at}.label`, { required: true }),
        href: href(b.href, `${at}.href`, true),
      })),
      statsHeading: words(h.statsHeading, 'home.statsHeading', { required: true }),
      yearsLabel: words(h.yearsLabel, 'home.yearsLabel'),
      stats: items(h.stats, 'home.stats', PAGE_LIMITS.stats, (s, at) => ({
        value: words(s.value, `${at}.value`, { required: true }),
        label: words(s.label, `${at}.label`, { required: true }),
        sample: s.sample === true,
      })),
      aboutHeading: words(h.aboutHeading, 'home.aboutHeading', { required: true }),
      mission: {
        heading: words(h.mission?.heading, 'home.mission.heading'),
        text: words(h.mission?.text, 'home.mission.text', { max: PAGE_LIMITS.lead, lines: true }),
        tagline: words(h.mission?.tagline, 'home.mission.tagline'),
      },
      accreditation: {
        heading: words(h.accreditation?.heading, 'home.accreditation.heading'),
        name: words(h.accreditation?.name, 'home.accreditation.name'),
        issuedBy: words(h.accreditation?.issuedBy, 'home.accreditation.issuedBy'),
        recognition: words(h.accreditation?.recognition, 'home.accreditation.recognition'),
        logo: placed(h.accreditation?.logo, 'home.accreditation.logo'),
      },
    };
  }
  return { path: input.path.trim(), ...(input.hidden !== undefined ? { hidden: input.hidden } : {}), content };
}

const KEY_OF = Object.fromEntries(Object.entries(PAGE_TEXTS).map(([key, message]) => [message, key])) as Record<
  string,
  PageMessage
>;
export const pageCode = (key: PageMessage) => `page.${key}`;

/** Checks a page as sent: the cleaned page, or the first message and a message (and code) per field. */
export function validatePage(raw: unknown): PageValidation {
  const parsed = shape.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    const codes: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.') || 'page';
      const key: PageMessage = path === 'path' ? 'path' : path === 'hidden' ? 'hidden' : 'invalid';
      fields[path] ??= PAGE_TEXTS[key];
      codes[path] ??= pageCode(key);
    }
    const first = Object.values(fields)[0] ?? PAGE_TEXTS.invalid;
    return { ok: false, error: first, code: pageCode(KEY_OF[first] ?? 'invalid'), fields, codes };
  }
  const fields: Record<string, string> = {};
  const codes: Record<string, string> = {};
  const data = check(parsed.data, (path, key) => {
    fields[path] ??= PAGE_TEXTS[key];
    codes[path] ??= pageCode(key);
  });
  if (!Object.keys(fields).length) return { ok: true, data };
  const first = Object.values(fields)[0]!;
  return { ok: false, error: first, code: pageCode(KEY_OF[first]!), fields, codes };
}

/** The signature line under a message: "— name" then the role; the role alone while unsigned. */
export const isUnsigned = (person: PagePerson | null) => !!person && (!person.name.en || !person.name.hi);
