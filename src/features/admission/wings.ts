/**
 * The admission wings as the school offers them: each wing's label, card summary and form page
 * words name the range of the classes the school profile offers in it ("Senior (Classes 6-10)",
 * "वरिष्ठ (कक्षा VI-X)"), and a wing with none leaves the menus and the cards. The build draws them
 * from the profile it read (src/features/site/navigation.ts, AdmissionPage.astro); a page a function draws
 * follows the profile as it is now (withOfferedWings, from src/features/site/public-page.server.ts); the site
 * script follows it on a built page (src/lib/offered-classes.ts). Build and server code only: it
 * reads the text tables.
 */
import { ALL_CLASSES, BANDS, WING_SLUG, wingRange, type Band } from '../../lib/classes.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { pathIn } from '../../lib/language-paths.ts';
import { escapeHtml } from '../../server/escape-html.ts';

/** A wing's form page, as the menus link it. */
export const wingPath = (band: Band) => `/admissions/apply/${WING_SLUG[band]}`;

export interface WingTexts {
  /** 'Senior (Classes 6-10)': the menu's entry, the card's title, the other wings' links. */
  label: string;
  /** The card's line. */
  summary: string;
  /** The form page's heading and its description for search engines. */
  heading: string;
  description: string;
}

/**
 * A wing's words in `language` for the classes `offered`. A wing with none offered is named by
 * all its classes (its form page says the school has none of them).
 */
export function wingTexts(language: Language, band: Band, offered: readonly string[] = ALL_CLASSES): WingTexts {
  const range = wingRange(band, offered, language) ?? wingRange(band, ALL_CLASSES, language)!;
  const label = fill(language, `wing.label.${band}`, { range });
  return {
    label,
    summary: fill(language, `wing.summary.${band}`, { range }),
    heading: fill(language, 'wing.heading', { label }),
    description: fill(language, 'wing.description', { label }),
  };
}

/** Whether the school offers any class of `band`. */
export const wingOpen = (band: Band, offered: readonly string[]) => wingRange(band, offered, 'en') !== undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page drawn in a shell built with every class (its menu) and from the navigation's words (a
 * section's cards), made to follow the classes offered now: a wing with none loses its menu entry,
 * its card and its name in a card's list of what is below ('A · B · C'); the others' labels and
 * summaries name their real range.
 */
export function withOfferedWings(page: string, offered: readonly string[], language: Language): string {
  let out = page;
  for (const band of BANDS) {
    const all = wingTexts(language, band);
    const label = escapeHtml(all.label);
    if (!wingOpen(band, offered)) {
      // A list item that links the wing and holds no list item of its own: its menu entry, its card.
      const href = escapeRegExp(pathIn(language, wingPath(band)));
      out = out.replace(
        new RegExp(`<li\\b[^>]*>(?:(?!</?li\\b)[\\s\\S])*?\\shref="${href}/?"(?:(?!</?li\\b)[\\s\\S])*?</li>`, 'g'),
        '',
      );
      out = out.replaceAll(` · ${label}`, '').replaceAll(`${label} · `, '');
      continue;
    }
    const now = wingTexts(language, band, offered);
    if (now.label !== all.label)
      out = out
        .replaceAll(label, () => escapeHtml(now.label))
        .replaceAll(escapeHtml(all.summary), () => escapeHtml(now.summary));
  }
  return out;
}
