/** Dates as Indian office staff read them (en-IN, India time), e.g. "5 Mar 2025". */
const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata',
});

function parse(value: string | Date | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? DATE.format(date) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : '';
}

/** An empty value as a dash, so a blank cell reads as "nothing" rather than a layout glitch. */
export const orDash = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The URL of a stored gallery image: the server base (/v1) plus the stored path. */
export function galleryImageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/^(https?:|data:|blob:)/.test(image) || image.startsWith('/v1/')) return image;
  return `/v1${image.startsWith('/') ? '' : '/'}${image}`;
}

export const GALLERY_FALLBACK_IMAGE = '/images/gallery-fallback.svg';
