/**
 * The content pages' store: each page is its starting text (starting-pages.ts) until the school
 * saves its own; the table `site_pages` holds only what the school changed (a saved page's whole
 * content, or NULL while it still shows the starting text) and whether it is hidden.
 *
 * GET /v1/api/pages (staff): every page with its title, hidden, sample and signature marks;
 * `?path=` one page with its content, for the editor. PUT /v1/api/pages (staff): one page's parts
 * (a part left out keeps what the page has) and `hidden`; checked whole (400 with a message per
 * field, nothing stored), audited with before and after in the same transaction, and the pages it
 * shows on purged from the CDN once it commits. GET /v1/api/pages/hidden (public): the hidden
 * pages' addresses, for the menus of the built pages.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, transaction, type Queryable } from '../../server/db.ts';
import { HttpError } from '../../server/errors.ts';
import { json, readJson } from '../../server/http.ts';
import { cachedOnCdn, purgePages } from '../../server/public-page.ts';
import { toIso } from '../../lib/dates.ts';
import { allNavHrefs, findNav } from '../site/navigation.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import { loadPictures } from '../pictures/pictures.server.ts';
import { triggerBuild } from '../school/school.server.ts';
import type { PlacedPicture } from '../pictures/picture.ts';
import {
  PAGE_BODY_BYTES,
  PAGE_TEXTS,
  isUnsigned,
  pageCode,
  validatePage,
  type PageContent,
  type PageJson,
  type PageListed,
  type PageMessage,
} from './page.ts';
import { STARTING_PAGES } from './starting-pages.ts';
import { PAGES_NAV_TAG, hiddenPagePaths } from './hidden-pages.server.ts';

/** The cache tag of every content page (a page's title, summary or hiding shows on others: landings, the home page). */
export const PAGES_TAG = 'pages';
/** One page's own cache tag. */
export const pageTag = (path: string) => (path === '/' ? 'page-home' : `page${path.replaceAll('/', '-')}`);

/** The content pages' addresses, in the menu's order. */
const ORDER = new Map(allNavHrefs().map((href, i) => [href, i]));
export const PAGE_PATHS: readonly string[] = [...STARTING_PAGES.keys()].sort(
  (a, b) => (ORDER.get(a) ?? 999) - (ORDER.get(b) ?? 999),
);

export const isPagePath = (path: string) => STARTING_PAGES.has(path);

/** The home page and a section's first page (with pages under it in the menu) stay on the site. */
export const isFixedPage = (path: string) => path === '/' || !!findNav(path)?.children?.length;

/** A page as it stands: its content (saved or starting), hidden, whether it is still the starting text. */
export interface PageState {
  path: string;
  content: PageContent;
  hidden: boolean;
  sample: boolean;
  updatedAt: string | null;
}

interface Row {
  path: string;
  content: PageContent | null;
  hidden: boolean;
  updated_at: Date | string;
}

function stateOf(path: string, row: Row | undefined): PageState {
  const starting = STARTING_PAGES.get(path)!;
  return {
    path,
    content: row?.content ?? starting,
    hidden: row?.hidden ?? false,
    sample: !row?.content,
    updatedAt: row ? toIso(row.updated_at) : null,
  };
}

/** Every page as it stands, in the menu's order (one query: the table has a row a changed page at most). */
export async function pageStates(db: Queryable = getPool()): Promise<PageState[]> {
  const { rows } = await db.query<Row>(`SELECT path, content, hidden, updated_at FROM site_pages`);
  const byPath = new Map(rows.map((row) => [row.path, row]));
  return PAGE_PATHS.map((path) => stateOf(path, byPath.get(path)));
}

const figuresLeft = (content: PageContent) => content.home?.stats.filter((s) => s.sample).length ?? 0;

function listed(state: PageState): PageListed {
  return {
    path: state.path,
    title: state.content.title,
    hidden: state.hidden,
    sample: state.sample,
    ...(state.content.person ? { unsigned: isUnsigned(state.content.person) } : {}),
    ...(state.content.home ? { sampleFigures: figuresLeft(state.content) } : {}),
    fixed: isFixedPage(state.path),
    updatedAt: state.updatedAt,
  };
}

const refusal = (key: PageMessage, fields?: Record<string, string>, codes?: Record<string, string>) =>
  new HttpError(key === 'notFound' ? 404 : 400, PAGE_TEXTS[key], fields).withCode(pageCode(key), codes);

/** GET /v1/api/pages: every page; `?path=` one page with its content. */
export async function listPages(req: Request): Promise<Response> {
  const path = new URL(req.url).searchParams.get('path');
  const states = await pageStates();
  if (path === null) return json(states.map(listed));
  const state = states.find((s) => s.path === path);
  if (!state) throw refusal('notFound');
  return json({ ...listed(state), content: state.content } satisfies PageJson);
}

/** GET /v1/api/pages/hidden: the hidden pages' addresses, kept by the CDN until a page is hidden or shown again. */
export async function hiddenPagesResponse(): Promise<Response> {
  return json(await hiddenPagePaths(), 200, cachedOnCdn([PAGES_NAV_TAG]));
}

/** Every picture a page's content places. */
export function placedPictures(content: Partial<PageContent>): { at: string; placed: PlacedPicture }[] {
  const out: { at: string; placed: PlacedPicture }[] = [];
  const add = (at: string, placed: PlacedPicture | null | undefined) => placed && out.push({ at, placed });
  add('picture', content.picture);
  content.cards?.forEach((card, i) => add(`cards.${i}.picture`, card.picture));
  content.photos?.forEach((photo, i) => add(`photos.${i}.picture`, photo.picture));
  add('person.photo', content.person?.photo);
  add('home.accreditation.logo', content.home?.accreditation.logo);
  return out;
}

/**
 * The audited picture of a page: its parts as the editor names them, so the log reads 'title.hi:
 * before → after'; a page still showing the starting text is pictured with it (sample: true).
 */
function snapshot(path: string, state: { content: PageContent | null; hidden: boolean }): Record<string, unknown> {
  const c = state.content ?? STARTING_PAGES.get(path)!;
  const out: Record<string, unknown> = { hidden: state.hidden, sample: !state.content };
  for (const key of [
    'title',
    'description',
    'summary',
    'lead',
    'body',
    'factsHeading',
    'cardsHeading',
    'photosHeading',
  ] as const) {
    out[`${key}.en`] = c[key].en;
    out[`${key}.hi`] = c[key].hi;
  }
  out.picture = c.picture;
  out.facts = c.facts;
  out.cards = c.cards;
  out.photos = c.photos;
  if (c.person) {
    out['person.name.en'] = c.person.name.en;
    out['person.name.hi'] = c.person.name.hi;
    out['person.role.en'] = c.person.role.en;
    out['person.role.hi'] = c.person.role.hi;
    out['person.photo'] = c.person.photo;
  }
  if (c.home) for (const [key, value] of Object.entries(c.home)) out[`home.${key}`] = value;
  return out;
}

/** The parts a page may have: a signature only on a message page, the home page's own parts only there; each picture one that exists. */
async function structureProblems(
  path: string,
  input: { hidden?: boolean; content: Partial<PageContent> },
): Promise<[string, PageMessage][]> {
  const starting = STARTING_PAGES.get(path)!;
  const problems: [string, PageMessage][] = [];
  if (input.hidden && isFixedPage(path)) problems.push(['hidden', 'fixed']);
  if (input.content.person !== undefined && !starting.person !== !input.content.person)
    problems.push(['person', 'invalid']);
  if (input.content.home !== undefined && !starting.home !== !input.content.home) problems.push(['home', 'invalid']);
  const placed = placedPictures(input.content);
  const known = await loadPictures(placed.map((p) => p.placed.picture));
  for (const { at, placed: p } of placed) if (!known.has(p.picture)) problems.push([`${at}.picture`, 'picture']);
  return problems;
}

/** PUT /v1/api/pages: 200 with the page as it now stands. */
export async function putPage(req: Request, ctx: AdminContext): Promise<Response> {
  const checked = validatePage(await readJson(req, PAGE_BODY_BYTES));
  if (!checked.ok) throw new HttpError(400, checked.error, checked.fields).withCode(checked.code, checked.codes);
  const input = checked.data;
  if (!isPagePath(input.path)) throw refusal('notFound', { path: PAGE_TEXTS.path }, { path: pageCode('path') });
  const problems = await structureProblems(input.path, input);
  if (problems.length) {
    throw refusal(
      problems[0]![1],
      Object.fromEntries(problems.map(([f, k]) => [f, PAGE_TEXTS[k]])),
      Object.fromEntries(problems.map(([f, k]) => [f, pageCode(k)])),
    );
  }

  const result = await transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `SELECT path, content, hidden, updated_at FROM site_pages WHERE path = $1 FOR UPDATE`,
      [input.path],
    );
    const row = rows[0];
    const before = { content: row?.content ?? null, hidden: row?.hidden ?? false };
    const edited = Object.keys(input.content).length > 0;
    const after = {
      content: edited ? { ...(row?.content ?? STARTING_PAGES.get(input.path)!), ...input.content } : before.content,
      hidden: input.hidden ?? before.hidden,
    };
    const detail = changeDetail(snapshot(input.path, before), snapshot(input.path, after));
    const changed = detail !== JSON.stringify({ before: {}, after: {} });
    if (changed) {
      await tx.query(
        `INSERT INTO site_pages (path, content, hidden, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (path) DO UPDATE SET content = EXCLUDED.content, hidden = EXCLUDED.hidden, updated_at = now()`,
        [input.path, after.content === null ? null : JSON.stringify(after.content), after.hidden],
      );
      await recordAudit(ctx, { action: 'update', entity: 'page', entityId: input.path, detail }, tx);
    }
    const { rows: now } = await tx.query<Row>(
      `SELECT path, content, hidden, updated_at FROM site_pages WHERE path = $1`,
      [input.path],
    );
    return { state: stateOf(input.path, now[0]), before, after, changed };
  });
  if (result.changed) {
    // A page hidden or shown again: the built pages' menus follow in their HTML too, within a build.
    await Promise.all([
      purgePages(purgeTags(input.path, result.before, result.after)),
      result.before.hidden !== result.after.hidden ? triggerBuild() : undefined,
    ]);
  }
  return json({ ...listed(result.state), content: result.state.content } satisfies PageJson);
}

/** What a change shows on: the page itself; every content page when its title, summary or hiding changed (cards, landings); every drawn page's menu when its hiding changed. */
function purgeTags(
  path: string,
  before: { content: PageContent | null; hidden: boolean },
  after: { content: PageContent | null; hidden: boolean },
): string[] {
  const starting = STARTING_PAGES.get(path)!;
  const seen = (s: typeof before) => JSON.stringify([(s.content ?? starting).title, (s.content ?? starting).summary]);
  const tags = [pageTag(path)];
  if (before.hidden !== after.hidden) tags.push(PAGES_TAG, PAGES_NAV_TAG);
  else if (seen(before) !== seen(after)) tags.push(PAGES_TAG);
  return tags;
}

/** The dashboard's lines for the pages: messages without a name signed, pages still showing the starting text, home figures still the samples. */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const states = (await pageStates()).filter((s) => !s.hidden);
  const unsigned = states.filter((s) => isUnsigned(s.content.person));
  const sample = states.filter((s) => s.sample);
  const home = states.find((s) => s.path === '/');
  const figures = home ? figuresLeft(home.content) : 0;
  const edit = (path: string | undefined) => (path ? `/admin/pages?edit=${encodeURIComponent(path)}` : '/admin/pages');
  return [
    { code: 'goLive.pages.unsigned', done: !unsigned.length, href: edit(unsigned[0]?.path), count: unsigned.length },
    { code: 'goLive.pages.sample', done: !sample.length, href: '/admin/pages', count: sample.length },
    { code: 'goLive.pages.homeFigures', done: !figures, href: edit('/'), count: figures },
  ];
}
