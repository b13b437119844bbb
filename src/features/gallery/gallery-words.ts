/**
 * The gallery island's words in one language, picked where the page is built and handed to the
 * island, so its script carries only these and not the message tables.
 */
import { fill, type Language } from '../../lib/i18n/index.ts';

const CODES = ['gallery.failed', 'gallery.empty', 'gallery.loading', 'gallery.itemFailed', 'gallery.close', 'gallery.postedOn'] as const;

export type GalleryWords = Record<(typeof CODES)[number], string>;

export const galleryWords = (lang: Language): GalleryWords => Object.fromEntries(CODES.map((code) => [code, fill(lang, code)])) as GalleryWords;
