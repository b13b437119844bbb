/**
 * Makes a photo small enough to upload, in the browser: redrawn (EXIF orientation applied, long
 * edge at most `maxEdge`) and encoded as JPEG, stepping the quality down while it is over the
 * budget, then the size down if even the lowest quality is over the hard limit. Redrawing through
 * a canvas keeps only the pixels: EXIF (GPS position, camera, date) and other metadata are dropped.
 * A photo is never sent bigger than chosen: when the redrawn copy is no smaller than the photo
 * chosen and that is within the hard limit, the photo chosen goes as it is.
 * The admin gallery and the admission documents call this with their own options.
 */
export interface DownscaleOptions {
  /** The long edge of a redrawn photo, in pixels. */
  maxEdge: number;
  /** The hard limit: a file over it is always redrawn, and a redrawn photo is never over it. */
  maxBytes: number;
  /** The quality steps down while the photo is over this, as far as the last of `qualities`. */
  budgetBytes: number;
  /** JPEG qualities to try, best first; the last is the lowest that is still good enough. */
  qualities: readonly number[];
  /** Also redraw a photo within `maxBytes` whose long edge is over `maxEdge`. */
  fitEdge: boolean;
  /** Redraw every photo and send the redrawn copy even when it is larger: its metadata (GPS position) never leaves the device. */
  always?: boolean;
}

/** Each time even the lowest quality is over `maxBytes`, the edge shrinks by this, a few times at most. */
const SHRINK = 0.75;
const SHRINK_ROUNDS = 6;

/** The size that fits `width` x `height` inside a `maxEdge` square, keeping the proportions. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxEdge) return { width, height };
  const scale = maxEdge / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const jpegName = (name: string) => `${name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;

/** Whether a decoded photo must be redrawn, or can go as it is. */
export function needsRedraw(
  photo: { bytes: number; width: number; height: number },
  options: DownscaleOptions,
): boolean {
  return photo.bytes > options.maxBytes || (options.fitEdge && Math.max(photo.width, photo.height) > options.maxEdge);
}

/** Which of the photo chosen and its redrawn copy goes: the smaller, unless the one chosen is over the hard limit. */
export function smallerOf(
  chosenBytes: number,
  redrawnBytes: number,
  options: Pick<DownscaleOptions, 'maxBytes'>,
): 'chosen' | 'redrawn' {
  return chosenBytes <= options.maxBytes && chosenBytes <= redrawnBytes ? 'chosen' : 'redrawn';
}

/**
 * The encoding to send, found by `encode(edge, quality)`: the first quality under the budget; at the
 * lowest quality, that result if it is within the hard limit; otherwise the same at a smaller edge.
 */
export async function pickEncoding<T extends { size: number }>(
  longEdge: number,
  options: DownscaleOptions,
  encode: (edge: number, quality: number) => Promise<T>,
): Promise<T> {
  let edge = Math.min(options.maxEdge, longEdge);
  for (let round = 0; round < SHRINK_ROUNDS; round++) {
    let last: T | undefined;
    for (const quality of options.qualities) {
      last = await encode(edge, quality);
      if (last.size <= options.budgetBytes) return last;
    }
    if (last && last.size <= options.maxBytes) return last;
    edge = Math.max(1, Math.round(edge * SHRINK));
  }
  throw new Error('The photo could not be made small enough.');
}

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function draw(bitmap: ImageBitmap, edge: number): AnyCanvas {
  const size = fitWithin(bitmap.width, bitmap.height, edge);
  const canvas = makeCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error('no 2d context');
  // JPEG has no transparency: a white background instead of black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  return canvas;
}

function encode(canvas: AnyCanvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((ok, fail) =>
    canvas.toBlob((blob) => (blob ? ok(blob) : fail(new Error('encode failed'))), 'image/jpeg', quality),
  );
}

// A 12-megapixel photo takes about 48 MB once decoded: on a cheap phone, one at a time.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * What goes: the redrawn copy (`redrawn`), or the photo chosen, because it was within the limits or
 * because its redrawn copy was no smaller (`redrawTried`).
 */
export type Prepared = { file: File; redrawn: true } | { file: File; redrawn: false; redrawTried: boolean };

/**
 * The photo to upload: `file` itself when it can go as it is, else a redrawn JPEG. Rejects when a
 * photo that must be redrawn cannot be decoded (a damaged file) or made small enough.
 */
export async function downscaleImage(file: File, options: DownscaleOptions): Promise<File> {
  return (await prepareImage(file, options)).file;
}

/** As downscaleImage, saying whether the photo was redrawn, or tried and sent as it is. */
export function prepareImage(file: File, options: DownscaleOptions): Promise<Prepared> {
  const asChosen = (redrawTried = false): Prepared => ({ file, redrawn: false, redrawTried });
  if (file.size <= options.maxBytes && !options.fitEdge && !options.always) return Promise.resolve(asChosen());
  return oneAtATime(async (): Promise<Prepared> => {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch (error) {
      // Within the limit, a file this browser cannot decode goes as it is: the server checks its bytes.
      if (file.size <= options.maxBytes && !options.always) return asChosen();
      throw error;
    }
    try {
      if (!options.always && !needsRedraw({ bytes: file.size, width: bitmap.width, height: bitmap.height }, options))
        return asChosen();
      let canvas: { edge: number; canvas: AnyCanvas } | undefined;
      const blob = await pickEncoding(Math.max(bitmap.width, bitmap.height), options, (edge, quality) => {
        if (canvas?.edge !== edge) canvas = { edge, canvas: draw(bitmap, edge) };
        return encode(canvas.canvas, quality);
      });
      if (!options.always && smallerOf(file.size, blob.size, options) === 'chosen') return asChosen(true);
      return {
        file: new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() }),
        redrawn: true,
      };
    } finally {
      bitmap.close();
    }
  });
}
