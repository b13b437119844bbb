import { pathIn } from '../../src/lib/language-paths.ts';

/** The public routes the content work builds, with the h1 each must show. */
export const CONTENT_ROUTES: Record<string, string> = {
  '/': 'A world-class education, close to home',
  '/academy': 'The Academy',
  '/academy/about': 'About the School',
  '/academy/mission': 'Our Mission and Vision',
  '/academy/founder-message': "Founder's Message",
  '/academy/chairperson-message': "Chairperson's Message",
  '/academy/principal-message': "Principal's Message",
  '/academy/accreditation': 'Accreditation',
  '/academy/mandatory-disclosure': 'Mandatory Public Disclosure',
  '/academics': 'Academics',
  '/academics/methodology': 'Teaching Methodology',
  '/academics/methodology/primary': 'Pre-primary Wing (P.N.C–K.G): Ages 2 to 6',
  '/academics/methodology/middle': 'Middle Wing: Classes I to V',
  '/academics/methodology/senior': 'Senior Wing: Classes VI to XII',
  '/academics/holistic-development': 'Holistic Development',
  '/academics/technology': 'Technology in Learning',
  '/academics/guidance-counseling': 'Guidance and Counselling',
  '/infrastructure': 'Infrastructure',
  '/infrastructure/auditorium': 'Auditorium',
  '/infrastructure/sports': 'Sports',
  '/infrastructure/library': 'Library',
  '/infrastructure/overview': 'Campus Overview: a Virtual Tour',
  '/infrastructure/learning-centre': 'Learning Centre',
  '/infrastructure/facilities': 'Facilities',
  '/infrastructure/facilities/transportation': 'Transportation',
  '/infrastructure/facilities/health': 'Health Care',
  '/infrastructure/facilities/security': 'Security',
  '/admissions': 'Admissions',
  '/admissions/apply': 'Apply for Admission',
  '/press': 'Press',
  '/press/coverage': 'Press Coverage',
  '/press/magazine': 'E-Magazine',
  '/admissions/fees': 'Fee Structure',
};

/** Public routes whose pages other work owns (forms, vacancies, gallery, login): checked for 200 and one h1. */
/**
 * One page of each shape the content pages take, for the checks at 1280 px: the header, footer and
 * grid are the same on every page at that width, so axe there looks at the home page, a landing, a
 * message, a table page (the disclosure), pictures and text (the auditorium), the fee tables, the
 * press list and the 404. Every page is checked at 360 px, where a page of its own can overflow.
 */
export const DESKTOP_SAMPLE = [
  '/',
  '/academy',
  '/academy/founder-message',
  '/academy/mandatory-disclosure',
  '/infrastructure/auditorium',
  '/admissions/fees',
  '/press/coverage',
];

export const OTHER_PUBLIC_ROUTES = [
  '/login',
  '/admissions/apply/primary',
  '/admissions/apply/middle',
  '/admissions/apply/senior',
  '/admissions/tc-request',
  '/admissions/status',
  '/admissions/tc-request/status',
  '/hi/admissions/apply/primary',
  '/hi/admissions/apply/middle',
  '/hi/admissions/apply/senior',
  '/hi/admissions/tc-request',
  '/vacancies',
  '/gallery',
  '/tc-verification',
  '/hi/tc-verification',
  '/calendar',
  '/hi/calendar',
];

/** The Hindi pages with their own Hindi text, with the h1 each must show. */
export const HINDI_ROUTES: Record<string, string> = {
  '/hi/': 'घर के पास, उत्तम शिक्षा',
  '/hi/academy': 'हमारा विद्यालय',
  '/hi/academy/about': 'विद्यालय का परिचय',
  '/hi/academy/mission': 'हमारा उद्देश्य और हमारी दृष्टि',
  '/hi/academy/founder-message': 'संस्थापक का संदेश',
  '/hi/academy/chairperson-message': 'अध्यक्ष का संदेश',
  '/hi/academy/principal-message': 'प्रधानाचार्य का संदेश',
  '/hi/academy/accreditation': 'मान्यता एवं संबद्धता',
  '/hi/academics': 'शिक्षण',
  '/hi/academics/methodology': 'शिक्षण पद्धति',
  '/hi/academics/methodology/primary': 'पूर्व-प्राथमिक विभाग (P.N.C–K.G): 2 से 6 वर्ष',
  '/hi/academics/methodology/middle': 'मध्य विभाग: कक्षा I से V',
  '/hi/academics/methodology/senior': 'वरिष्ठ विभाग: कक्षा VI से XII',
  '/hi/academics/holistic-development': 'सर्वांगीण विकास',
  '/hi/academics/technology': 'पढ़ाई में तकनीक',
  '/hi/academics/guidance-counseling': 'मार्गदर्शन एवं परामर्श',
  '/hi/infrastructure': 'भवन एवं परिसर',
  '/hi/infrastructure/auditorium': 'सभागार',
  '/hi/infrastructure/sports': 'खेलकूद',
  '/hi/infrastructure/library': 'पुस्तकालय',
  '/hi/infrastructure/overview': 'परिसर की झलक: एक वर्चुअल सैर',
  '/hi/infrastructure/learning-centre': 'लर्निंग सेंटर',
  '/hi/infrastructure/facilities': 'सुविधाएँ',
  '/hi/infrastructure/facilities/transportation': 'वाहन सुविधा',
  '/hi/infrastructure/facilities/health': 'स्वास्थ्य सुविधा',
  '/hi/infrastructure/facilities/security': 'सुरक्षा व्यवस्था',
  '/hi/admissions': 'प्रवेश',
  '/hi/admissions/apply': 'प्रवेश हेतु आवेदन',
  '/hi/admissions/status': 'अपने आवेदन की स्थिति देखें',
  '/hi/admissions/tc-request/status': 'टी.सी. आवेदन की स्थिति देखें',
  '/hi/press': 'समाचार एवं पत्रिका',
  '/hi/press/coverage': 'अख़बारों में विद्यालय',
  '/hi/press/magazine': 'ई-पत्रिका',
  '/hi/admissions/fees': 'शुल्क विवरण',
  '/hi/vacancies': 'रिक्त पद',
  '/hi/gallery': 'फ़ोटो गैलरी',
  '/hi/tc-verification': 'स्थानांतरण प्रमाण पत्र (टी.सी.) का सत्यापन',
  '/hi/calendar': 'शैक्षणिक कैलेंडर',
  '/hi/academy/mandatory-disclosure': 'अनिवार्य सार्वजनिक प्रकटीकरण',
};

/** The Hindi forms (their own tests check their words), which are Hindi pages too. */
export const HINDI_FORMS = [
  '/hi/admissions/apply/primary',
  '/hi/admissions/apply/middle',
  '/hi/admissions/apply/senior',
  '/hi/admissions/tc-request',
];

/** The public pages still shown in English under /hi/ (under the note), each with why. None is left. */
export const HINDI_PENDING: Record<string, string> = {};

/** Every public page's Hindi address: its Hindi page, or the English page with a note until it has one. */
export const HINDI_PUBLIC_ROUTES = [...Object.keys(CONTENT_ROUTES), ...OTHER_PUBLIC_ROUTES]
  .filter((path) => path !== '/login')
  .map((path) => pathIn('hi', path));

/** The sample magazine issues' PDFs (starting-content/press/), which no runtime test removes. */
export const MAGAZINE_PDFS = [
  '/starting/press/chronicle-2026-04.pdf',
  '/starting/press/chronicle-2025-12.pdf',
  '/starting/press/chronicle-2025-08.pdf',
  '/starting/press/chronicle-2025-02.pdf',
  '/starting/press/chronicle-2024-10.pdf',
  '/starting/press/chronicle-2024-03.pdf',
];

/** Decodes the few HTML entities Astro emits in text. */
export function decode(text: string): string {
  return text
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/<[^>]+>/g, '')
    .trim();
}

export function h1s(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!));
}

export function meta(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*${attr}="${key}"[^>]*>`).exec(html)?.[0];
  return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined;
}

export function title(html: string): string | undefined {
  const m = /<title>([\s\S]*?)<\/title>/.exec(html);
  return m ? decode(m[1]!) : undefined;
}

/** Same-site hrefs of <a> elements (no mailto/tel/external). */
export function internalLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"#]*)(?:#[^"]*)?"/g)]
    .map((m) => m[1]!)
    .filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

/** Every same-site link of `pages` (HTML by path) that does not answer 200 from `get`, as 'href -> status'. */
export async function brokenLinks(
  pages: Iterable<string>,
  get: (path: string) => Promise<Response>,
): Promise<string[]> {
  const links = new Set<string>();
  // Staff files are what other test files upload and delete on the shared runtime while the pages
  // are read: their own tests (tests/db/staff-files.test.ts and each record's) check their links.
  for (const html of pages) for (const href of internalLinks(html)) if (!href.startsWith('/v1/files/')) links.add(href);
  const broken: string[] = [];
  await Promise.all(
    [...links].map(async (href) => {
      const res = await get(href);
      await res.arrayBuffer();
      // A link may be answered by one redirect to a page that is there (the Hindi home's switch to English).
      const location = res.status >= 301 && res.status <= 308 ? res.headers.get('location') : null;
      let status = res.status;
      if (location) {
        const next = await get(location);
        await next.arrayBuffer();
        status = next.status;
      }
      if (status !== 200) broken.push(`${href} -> ${location ? `${res.status} ${location} -> ` : ''}${status}`);
    }),
  );
  return broken;
}
