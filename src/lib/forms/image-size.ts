/**
 * The pixel size of a JPEG or PNG, read from its bytes (the header), never from its name or the
 * type the browser reports. The island checks a photo with it before uploading, and the server
 * checks every image document again the same way, so both refuse with the same message.
 */
import { JPG } from 'image-size/types/jpg';
import { PNG } from 'image-size/types/png';

/** An image narrower or lower than this is too small to read a card or certificate from (an 8 x 8 px "ABC card"). */
export const MIN_IMAGE_SIDE = 200;

export interface PixelSize {
  width: number;
  height: number;
}

/** The size of a JPEG or PNG; undefined for another type or a header that cannot be read. */
export function photoSize(bytes: Uint8Array): PixelSize | undefined {
  for (const type of [JPG, PNG]) {
    if (!type.validate(bytes)) continue;
    try {
      const { width, height } = type.calculate(bytes);
      return width > 0 && height > 0 ? { width, height } : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Whether the shorter side of an image is under MIN_IMAGE_SIDE. */
export const isTooSmall = (size: PixelSize) => Math.min(size.width, size.height) < MIN_IMAGE_SIDE;
