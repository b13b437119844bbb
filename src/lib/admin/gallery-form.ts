/**
 * The gallery form's rules on the browser side: the shared rules of src/lib/gallery.ts (the server
 * checks the same again, on the bytes).
 */
import { GALLERY_MESSAGES, IMAGE_ACCEPT, galleryProblem } from '../gallery.ts';

export const GALLERY_ACCEPT = IMAGE_ACCEPT;
export const MISSING_IMAGE = GALLERY_MESSAGES.imageRequired;
export const TOO_LARGE = GALLERY_MESSAGES.imageTooLarge;
export { galleryProblem };

/** The problem with a chosen file alone (size and type), or undefined when it may be used. */
export function imageProblem(file: File | undefined | null): string | undefined {
  if (!file) return undefined;
  return galleryProblem({ title: 'x', description: 'x', image: { size: file.size, type: file.type } }, 'edit')?.message;
}
