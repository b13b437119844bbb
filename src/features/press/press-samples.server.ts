/**
 * The sample press articles and magazine issues the repository ships in starting-content/press/
 * (press.json and the files beside it, which the build copies under STARTING_PRESS_BASE). A school
 * replaces that folder, or removes the samples one by one in the admin. Each sample is given the
 * shape of a database row (id `sample-<key>`, its files by legacy address), so the same JSON,
 * audit and page code read samples and the school's entries alike.
 */
import press from '../../../starting-content/press/press.json' with { type: 'json' };
import { SAMPLE_ID_PREFIX, type Bilingual } from './press.ts';

/** Where the build puts the files of starting-content/press/ on the site. */
export const STARTING_PRESS_BASE = '/starting/press/';

interface SampleFile {
  file: string;
  width: number;
  height: number;
}

interface SampleArticle {
  key: string;
  source: string;
  title: Bilingual;
  summary: Bilingual;
  publishedOn: string;
  cover: SampleFile | null;
  coverAlt: Bilingual;
  pdf: string | null;
}

interface SampleIssue {
  key: string;
  title: Bilingual;
  description: Bilingual;
  month: string;
  cover: SampleFile | null;
  pdf: string | null;
}

export type Book = 'press' | 'magazine';
type Row = Record<string, unknown>;

const fileUrl = (file: string | null | undefined) => (file ? `${STARTING_PRESS_BASE}${file}` : null);
const files = (s: { cover: SampleFile | null; pdf: string | null }): Row => ({
  cover_file: null,
  pdf_file: null,
  legacy_cover_url: fileUrl(s.cover?.file),
  cover_width: s.cover?.width ?? null,
  cover_height: s.cover?.height ?? null,
  legacy_pdf_url: fileUrl(s.pdf),
  created_at: null,
  updated_at: null,
});

const articleRow = (a: SampleArticle): Row => ({
  id: `${SAMPLE_ID_PREFIX}${a.key}`,
  sample_key: a.key,
  source: a.source,
  title_en: a.title.en,
  title_hi: a.title.hi,
  summary_en: a.summary.en,
  summary_hi: a.summary.hi,
  published_on: a.publishedOn,
  cover_alt_en: a.coverAlt.en,
  cover_alt_hi: a.coverAlt.hi,
  ...files(a),
});
const issueRow = (m: SampleIssue): Row => ({
  id: `${SAMPLE_ID_PREFIX}${m.key}`,
  sample_key: m.key,
  title_en: m.title.en,
  title_hi: m.title.hi,
  description_en: m.description.en,
  description_hi: m.description.hi,
  issue_month: m.month,
  ...files(m),
});

const SAMPLES: Record<Book, readonly Row[]> = {
  press: (press.articles as SampleArticle[]).map(articleRow),
  magazine: (press.issues as SampleIssue[]).map(issueRow),
};

/** Every sample of a book as a row, removed or not, in the file's order. */
export const sampleRows = (book: Book): readonly Row[] => SAMPLES[book];

/** The sample whose `_id` is `id`, as a row; undefined for any other id. */
export const sampleRow = (book: Book, id: string): Row | undefined => SAMPLES[book].find((row) => row.id === id);
