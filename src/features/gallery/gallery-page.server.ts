/**
 * The public gallery (/gallery, /hi/gallery), drawn by its function into the site's shell
 * (src/server/public-page.ts): the school's photos, newest first, then the sample photos the office
 * has not removed. Every photo goes through the Image CDN at the sizes a tile needs, with its width
 * and height set; a tile links to a larger copy. No script. A sample says so in its caption, in
 * words, and a page with samples says above them what they are, as the press pages do.
 */
import { query } from '../../server/db.ts';
import { html, type Html } from '../../server/public-page.ts';
import { breadcrumbs } from '../site/breadcrumbs.ts';
import { publicPage } from '../site/public-page.server.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { imageCdnUrl } from '../pictures/picture.ts';
import { pictureImg, type PictureInfo } from '../pictures/pictures.server.ts';
import { schoolProfile } from '../../server/school-profile.ts';
import { schoolName } from '../../lib/school-profile.ts';
import { shownSamples } from './gallery-samples.server.ts';
import { GALLERY_TAG } from './gallery.ts';

export const GALLERY_PATH = '/gallery';

/** 3 columns on a desktop, 2 on a tablet, 1 on a phone (the grid's breakpoints in gallery.css). */
const TILE_SIZES =
  '(max-width: 560px) calc(100vw - 2rem), (max-width: 900px) calc(50vw - 1.5rem), (max-width: 72rem) calc(33vw - 1.7rem), 23rem';
const TILE_WIDTHS = [320, 480, 640, 800];
/** The larger copy a tile opens: a phone or a laptop screen's width. */
const LARGE_WIDTH = 1600;
/** A photo stored before sizes were kept: drawn in a 4:3 tile like the others. */
const UNKNOWN_SIZE = { width: 1600, height: 1200 };

export interface GalleryPhoto {
  picture: PictureInfo;
  title: string;
  alt: string;
  /** A school item's description, shown as typed (one language for both pages). */
  description?: string;
}

function tile(lang: Language, photo: GalleryPhoto, first: boolean): Html {
  const large = imageCdnUrl(photo.picture.src, Math.min(LARGE_WIDTH, photo.picture.width));
  const img = pictureImg(photo.picture, photo.alt, {
    sizes: TILE_SIZES,
    widths: TILE_WIDTHS,
    eager: first,
    className: 'gallery-tile__img',
  });
  const sample = photo.picture.sample
    ? html`<strong class="gallery-tile__sample">${fill(lang, 'gallery.sample')}</strong>`
    : '';
  return html`<li><figure class="gallery-tile${photo.picture.sample ? ' gallery-sample' : ''}"><a href="${large}">${img}</a><figcaption>${sample}<span class="gallery-tile__title">${photo.title}</span>${
    photo.description ? html`<span class="gallery-tile__desc">${photo.description}</span>` : ''
  }</figcaption></figure></li>`;
}

/** The page's body: heading, intro and the grid (or a line saying there are no photos). */
export function galleryBody(lang: Language, photos: readonly GalleryPhoto[]): Html {
  return html`${breadcrumbs(lang, GALLERY_PATH)}
<h1>${fill(lang, 'gallery.heading')}</h1>
<p>${fill(lang, 'gallery.intro')}</p>
${photos.some((p) => p.picture.sample) ? html`<p class="sample-note" role="note">${fill(lang, 'gallery.sampleNote')}</p>` : ''}
${photos.length ? html`<ul class="gallery-grid" role="list">${photos.map((p, i) => tile(lang, p, i === 0))}</ul>` : html`<p class="empty-state">${fill(lang, 'gallery.empty')}</p>`}`;
}

interface ItemRow {
  title: string;
  description: string;
  image_key: string;
  image_width: number | null;
  image_height: number | null;
}

/** Every photo the public gallery shows, in its order. */
export async function galleryPhotos(lang: Language): Promise<GalleryPhoto[]> {
  const [items, samples] = await Promise.all([
    query<ItemRow>(
      `SELECT title, description, image_key, image_width, image_height FROM gallery_items WHERE image_key IS NOT NULL ORDER BY created_at DESC, id DESC`,
    ),
    shownSamples(),
  ]);
  const own = items.map((item): GalleryPhoto => {
    const size =
      item.image_width && item.image_height ? { width: item.image_width, height: item.image_height } : UNKNOWN_SIZE;
    return {
      picture: { id: item.image_key, src: `/v1/uploads/gallery/${item.image_key}`, ...size, sample: false },
      title: item.title,
      alt: item.title,
      description: item.description,
    };
  });
  const shown = samples.map((s): GalleryPhoto => ({
    picture: { id: s.name, src: s.src, width: s.width, height: s.height, sample: true },
    title: s.title[lang],
    alt: s.alt[lang],
  }));
  return [...own, ...shown];
}

export async function galleryPage(req: Request): Promise<Response> {
  const lang: Language = new URL(req.url).pathname.startsWith('/hi/') ? 'hi' : 'en';
  const [photos, profile] = await Promise.all([galleryPhotos(lang), schoolProfile()]);
  const school = schoolName(profile, lang);
  return publicPage(req, {
    lang,
    path: GALLERY_PATH,
    title: fill(lang, 'gallery.heading'),
    description: fill(lang, 'gallery.description', { school }),
    body: galleryBody(lang, photos),
    tags: [GALLERY_TAG],
  });
}
