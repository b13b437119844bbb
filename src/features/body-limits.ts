/**
 * The most bytes a request's body may have, by route, and the refusal of a larger one. The one
 * place both readers go by: every function refuses a declared Content-Length over its route's
 * figure before reading (router() in http.ts), and the local runtime's front server
 * (scripts/runtime.ts) refuses it before reading a byte, with the same answer, and cuts a body
 * sent without a length when it passes the figure. Netlify itself refuses a function's body over
 * 6 MB (4.5 MB for a binary one, sent base64-encoded) before any function runs.
 *
 * The table names the features' routes, so it lives above them; the functions' router is given its
 * check by ./router.ts.
 */
import { HttpError, requestRefusal, tooLarge } from '../server/errors.ts';
import { JSON_BODY_BYTES } from '../server/http.ts';
import { matchPath } from '../server/route-path.ts';
import { ONE_REQUEST_FILE_BYTES, PIECE_BYTES } from '../lib/forms/files.ts';
import { ADMISSION_FILE_FIELDS } from './admission/admission.ts';
import { GALLERY_MAX_BYTES, GALLERY_TEXTS } from './gallery/gallery.ts';
import { NOTICE_BODY_BYTES } from './notices/notice.ts';
import { PAGE_BODY_BYTES } from './pages/page.ts';
import { PICTURE_MAX_BYTES, PICTURE_TEXTS } from './pictures/picture.ts';
import { STAFF_FILE_MAX_BYTES, STAFF_FILE_TEXTS } from '../lib/staff-files.ts';
import { IMPORT_MAX_BYTES } from './register/import-columns.ts';

/** One document sent whole: the file and its multipart framing (headers, boundary, a file name). */
export { JSON_BODY_BYTES };
/** One document sent whole: the file and its multipart framing (headers, boundary, a file name). */
export const UPLOAD_BODY_BYTES = ONE_REQUEST_FILE_BYTES + 16 * 1024;
/** One piece of a larger document (up to 10 MB, sent in pieces): its bytes, no framing. */
export const PIECE_BODY_BYTES = PIECE_BYTES;
/** An application with every document in it, each with its envelope, and its text fields: the largest body. */
export const ADMISSION_BODY_BYTES = ADMISSION_FILE_FIELDS.length * (ONE_REQUEST_FILE_BYTES + 16 * 1024) + 256 * 1024;
/** A gallery photo and its title and description. */
export const GALLERY_BODY_BYTES = GALLERY_MAX_BYTES + 256 * 1024;

/** A picture for a page (already redrawn by the admin page) and its framing. */
export const PICTURE_BODY_BYTES = PICTURE_MAX_BYTES + 16 * 1024;

/** A provider's webhook (Meta batches many statuses in one notification). */
export const WEBHOOK_BODY_BYTES = 512 * 1024;

/** A staff file (a scanned certificate, a notice's PDF) and its framing. */
export const STAFF_FILE_BODY_BYTES = STAFF_FILE_MAX_BYTES + 64 * 1024;

export interface BodyLimit {
  bytes: number;
  /** The 413 the route answers (its form shows the field's own words). */
  refusal: () => HttpError;
}

const galleryTooLarge = () => new HttpError(413, GALLERY_TEXTS.imageTooLarge, { image: GALLERY_TEXTS.imageTooLarge });

/** A paper register's file and the office's fixes from the preview. */
const REGISTER_IMPORT_BODY_BYTES = IMPORT_MAX_BYTES + 320 * 1024;

/** The routes that take more than a JSON body. */
const LARGER: readonly (BodyLimit & { method: string; path: string })[] = [
  { method: 'POST', path: '/v1/api/admission', bytes: ADMISSION_BODY_BYTES, refusal: tooLarge },
  {
    method: 'POST',
    path: '/v1/api/uploads',
    bytes: UPLOAD_BODY_BYTES,
    refusal: () => requestRefusal(413, 'uploadInPieces', ['file']),
  },
  {
    method: 'PUT',
    path: '/v1/api/uploads/pieces/:id/:n',
    bytes: PIECE_BODY_BYTES,
    refusal: () => requestRefusal(413, 'pieceTooLarge'),
  },
  { method: 'POST', path: '/v1/api/gallery', bytes: GALLERY_BODY_BYTES, refusal: galleryTooLarge },
  { method: 'PUT', path: '/v1/api/gallery/:id', bytes: GALLERY_BODY_BYTES, refusal: galleryTooLarge },
  {
    method: 'POST',
    path: '/v1/api/pictures',
    bytes: PICTURE_BODY_BYTES,
    refusal: () => new HttpError(413, PICTURE_TEXTS.tooLarge, { image: PICTURE_TEXTS.tooLarge }),
  },
  { method: 'POST', path: '/v1/api/register/import', bytes: REGISTER_IMPORT_BODY_BYTES, refusal: tooLarge },
  { method: 'POST', path: '/v1/api/notices', bytes: NOTICE_BODY_BYTES, refusal: tooLarge },
  { method: 'PUT', path: '/v1/api/notices/:id', bytes: NOTICE_BODY_BYTES, refusal: tooLarge },
  { method: 'POST', path: '/v1/api/notices/preview', bytes: NOTICE_BODY_BYTES, refusal: tooLarge },
  { method: 'PUT', path: '/v1/api/pages', bytes: PAGE_BODY_BYTES, refusal: tooLarge },
  { method: 'POST', path: '/v1/api/whatsapp/webhook', bytes: WEBHOOK_BODY_BYTES, refusal: tooLarge },
  { method: 'POST', path: '/v1/api/sms/report', bytes: WEBHOOK_BODY_BYTES, refusal: tooLarge },
  {
    method: 'POST',
    path: '/v1/api/files',
    bytes: STAFF_FILE_BODY_BYTES,
    refusal: () => new HttpError(413, STAFF_FILE_TEXTS.tooLarge, { file: STAFF_FILE_TEXTS.tooLarge }),
  },
];

const JSON_LIMIT: BodyLimit = { bytes: JSON_BODY_BYTES, refusal: tooLarge };

/** The body limit of a request to `pathname` by `method` (a trailing slash is the same path). */
export function bodyLimit(method: string, pathname: string): BodyLimit {
  const path = pathname.replace(/\/+$/, '') || '/';
  return LARGER.find((route) => route.method === method.toUpperCase() && matchPath(route.path, path)) ?? JSON_LIMIT;
}

/** The refusal of a request whose declared Content-Length is over its route's limit, else undefined. */
export function declaredTooLarge(
  method: string,
  pathname: string,
  contentLength: string | null | undefined,
): HttpError | undefined {
  const limit = bodyLimit(method, pathname);
  return Number(contentLength ?? 0) > limit.bytes ? limit.refusal() : undefined;
}
