/**
 * Makes a large photo small enough to upload: Netlify refuses request bodies near 6 MB, so a photo
 * over ~3.5 MB is redrawn in the browser (long edge at most 2560 px) and encoded as JPEG, stepping
 * the quality (and then the size) down until it is under the target. Smaller files pass unchanged.
 */
export const UPLOAD_TARGET_BYTES = 3.5 * 1024 * 1024;
export const MAX_EDGE = 2560;
const QUALITIES = [0.9, 0.82, 0.74, 0.66, 0.58, 0.5];

/** The size that fits `width` x `height` inside a `maxEdge` square, keeping the proportions. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= maxEdge) return { width, height };
  const scale = maxEdge / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const jpegName = (name: string) => `${name.replace(/\.[^./\\]+$/, '') || 'photo'}.jpg`;

type AnyCanvas = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: AnyCanvas, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality });
  return new Promise((ok, fail) => canvas.toBlob((blob) => (blob ? ok(blob) : fail(new Error('encode failed'))), 'image/jpeg', quality));
}

export async function downscaleImage(file: File, targetBytes = UPLOAD_TARGET_BYTES, maxEdge = MAX_EDGE): Promise<File> {
  if (file.size <= targetBytes) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    let edge = Math.min(maxEdge, Math.max(bitmap.width, bitmap.height));
    for (let round = 0; round < 6; round++) {
      const size = fitWithin(bitmap.width, bitmap.height, edge);
      const canvas = makeCanvas(size.width, size.height);
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
      if (!ctx) throw new Error('no 2d context');
      // JPEG has no transparency: a white background instead of black.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, quality);
        if (blob.size <= targetBytes) return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
      }
      edge = Math.round(edge * 0.75);
    }
  } finally {
    bitmap.close();
  }
  throw new Error('The photo could not be made small enough.');
}
