/**
 * Published images are recognised by their bytes, never by their name or the client's type:
 * JPEG, PNG, WebP, GIF and AVIF only. SVG and HTML (scriptable, the old site's stored-XSS hole)
 * and anything else are refused.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_IMAGE_TYPES, type AllowedImageType } from '../lib/gallery.ts';

export interface ImageType {
  mime: AllowedImageType;
  ext: string;
}

const EXTENSIONS: Record<AllowedImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** The image type of `bytes`, or undefined when they are not one of the allowed images. */
export async function detectImageType(bytes: Uint8Array): Promise<ImageType | undefined> {
  if (bytes.byteLength < 12) return undefined;
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return undefined;
  const mime = found.mime as string;
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(mime)) return undefined;
  return { mime: mime as AllowedImageType, ext: EXTENSIONS[mime as AllowedImageType] };
}

export const extensionFor = (mime: AllowedImageType) => EXTENSIONS[mime];
