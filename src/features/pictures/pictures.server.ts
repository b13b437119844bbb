/**
 * The picture store's reading side for pages drawn by functions: which pictures exist (uploaded
 * ones in the database, starting ones in starting-content/) and how one is drawn through Netlify's
 * Image CDN.
 */
import { html, type Html } from '../../server/public-page.ts';
import { query } from '../../server/db.ts';
import { STARTING_PREFIX, imageCdnUrl } from './picture.ts';
import { startingPicture } from './starting.ts';

/** What a page needs to draw a picture. */
export interface PictureInfo {
  id: string;
  /** The same-site path of its bytes: the Image CDN's source. */
  src: string;
  width: number;
  height: number;
  /** Shipped with the repository (starting content), not the school's own. */
  sample: boolean;
}

/** The public path of an uploaded picture's bytes. */
export const uploadedPicturePath = (id: string) => `/v1/pictures/${id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The pictures of `ids` that exist, by id (one query for all the uploaded ones). */
export async function loadPictures(ids: readonly string[]): Promise<Map<string, PictureInfo>> {
  const found = new Map<string, PictureInfo>();
  const uploaded: string[] = [];
  for (const id of new Set(ids)) {
    if (id.startsWith(STARTING_PREFIX)) {
      const start = startingPicture(id.slice(STARTING_PREFIX.length));
      if (start) found.set(id, { id, src: start.src, width: start.width, height: start.height, sample: true });
    } else if (UUID.test(id)) uploaded.push(id.toLowerCase());
  }
  if (uploaded.length) {
    const rows = await query<{ id: string; width: number; height: number }>(
      `SELECT id, width, height FROM pictures WHERE id = ANY($1::uuid[])`,
      [uploaded],
    );
    for (const row of rows) found.set(row.id, { id: row.id, src: uploadedPicturePath(row.id), width: row.width, height: row.height, sample: false });
  }
  return found;
}

/** The widths offered by default: a phone's screen at 1x and 2x, and a wide column. */
const DEFAULT_WIDTHS = [360, 720, 1080];

/**
 * An `<img>` of the picture through the Image CDN: a srcset of widths (never wider than the picture
 * itself), width and height set so nothing moves as it loads. Nothing when the picture is missing.
 */
export function pictureImg(
  info: PictureInfo | undefined,
  alt: string,
  opts: { sizes: string; widths?: number[]; eager?: boolean; className?: string },
): Html {
  if (!info) return html``;
  const widths = [...new Set((opts.widths ?? DEFAULT_WIDTHS).map((w) => Math.min(w, info.width)))].sort((a, b) => a - b);
  const srcset = widths.map((w) => `${imageCdnUrl(info.src, w)} ${w}w`).join(', ');
  const fallback = imageCdnUrl(info.src, widths[widths.length - 1]!);
  return html`<img src="${fallback}" srcset="${srcset}" sizes="${opts.sizes}" alt="${alt}" width="${info.width}" height="${info.height}" loading="${opts.eager ? 'eager' : 'lazy'}" decoding="async"${opts.eager ? html` fetchpriority="high"` : ''}${opts.className ? html` class="${opts.className}"` : ''}>`;
}
