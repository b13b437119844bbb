/**
 * A picture placed on a page, shared by the admin islands and the server. `picture` is a picture's
 * id: an uploaded picture's (a UUID) or a starting picture's, `starting:<file name without
 * extension>` (the pictures the repository ships in starting-content/).
 */
export interface Bilingual {
  en: string;
  hi: string;
}

export interface PlacedPicture {
  picture: string;
  alt: Bilingual;
}

/** The prefix of a starting picture's id. */
export const STARTING_PREFIX = 'starting:';

/** A picture as GET /v1/api/pictures lists it and POST answers it. */
export interface PictureJson {
  id: string;
  /** The same-site path of its bytes (the Image CDN's source). */
  src: string;
  width: number;
  height: number;
  /** Shipped with the repository, not the school's own. */
  sample: boolean;
  /** Its words when it is a starting picture (a default alt text), else empty. */
  alt: Bilingual;
  createdAt: string | null;
  /** The pages that show it (their paths). */
  usedOn: string[];
}

/** The Image CDN's address of a same-site picture at `width` pixels wide (the CDN picks the format by the browser's Accept). */
export const imageCdnUrl = (src: string, width: number) => `/.netlify/images?url=${encodeURIComponent(src)}&w=${width}`;

/** The long edge a stored picture may have: a full-width hero at twice a phone's or a laptop's density needs no more. */
export const PICTURE_MAX_EDGE = 2560;
/** The largest picture the server takes (a redrawn 2560 px photo is about 1 MB). */
export const PICTURE_MAX_BYTES = 4 * 1024 * 1024;
/** A picture narrower or lower than this is too small to show on a page. */
export const PICTURE_MIN_SIDE = 100;
/** Decided from the bytes; never SVG (it can carry script). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PICTURE_TEXTS = {
  required: 'Please choose a photo.',
  tooLarge: 'The photo must be under 4 MB.',
  type: 'Only JPEG, PNG or WebP photos can be used.',
  unreadable: 'This photo could not be read. Please choose another.',
  tooManyPixels: `The photo is larger than ${PICTURE_MAX_EDGE} pixels: choose it on the admin page, which makes it smaller before sending it.`,
  tooSmall: `The photo is too small: at least ${PICTURE_MIN_SIDE} pixels on each side.`,
  turned:
    'The photo is stored turned on its side or upside down: choose it on the admin page, which turns it upright before sending it.',
  notFound: 'Picture not found',
  deleted: 'Picture deleted',
} as const;
