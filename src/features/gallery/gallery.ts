/**
 * A gallery item: its definition, and the form's rules shared by the admin island (checks before
 * upload) and the gallery function (the same checks again, on the bytes).
 */
import { defineRecord, type RecordJson } from '../../lib/record.ts';
import type { Bilingual } from '../pictures/picture.ts';

export const GALLERY_MAX_BYTES = 6 * 1024 * 1024;
export const GALLERY_TITLE_MAX = 200;
export const GALLERY_DESCRIPTION_MAX = 2000;
export const GALLERY_ITEM = defineRecord({
  entity: 'gallery',
  table: 'gallery_items',
  fields: [
    {
      name: 'title',
      column: 'title',
      label: 'Title',
      kind: 'text',
      max: GALLERY_TITLE_MAX,
      show: ['form', 'list', 'details'],
    },
    {
      name: 'description',
      column: 'description',
      label: 'Description',
      kind: 'textarea',
      max: GALLERY_DESCRIPTION_MAX,
      show: ['form', 'details'],
    },
    {
      name: 'image',
      column: 'image_key',
      label: 'Image',
      kind: 'image',
      publicPath: '/uploads/gallery/',
      show: ['form', 'list', 'details'],
    },
  ],
});

export type GalleryItem = RecordJson<typeof GALLERY_ITEM>;

/** The public gallery's pages' cache tag: every change to the gallery purges it. */
export const GALLERY_TAG = 'gallery';

/** A sample photo (starting-content/gallery/) as GET /v1/api/gallery/samples lists it. */
export interface GallerySample {
  /** Its picture id, `starting:<name>`. */
  id: string;
  name: string;
  title: Bilingual;
  alt: Bilingual;
  /** The same-site path of its file (the Image CDN's source). */
  src: string;
  width: number;
  height: number;
  sample: true;
}

/** Shown where an item has no image, or its image fails to load. */
export const GALLERY_FALLBACK_IMAGE = '/images/gallery-fallback.svg';

/** The URL of a stored gallery image: the server base (/v1) plus the stored path. */
export function galleryImageUrl(image: string | null | undefined): string | undefined {
  if (!image) return undefined;
  if (/^(https?:|data:|blob:)/.test(image) || image.startsWith('/v1/')) return image;
  return `/v1${image.startsWith('/') ? '' : '/'}${image}`;
}

/** Decided from the file's bytes on the server; the island uses them for `accept` and a first check. */
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

export const GALLERY_TEXTS = {
  required: 'Please fill in all required fields.',
  imageRequired: 'Please upload an image',
  imageTooLarge: 'File size must be under 6MB',
  imageType: 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.',
  imageTurned:
    'The photo is stored turned on its side or upside down: add it on the admin gallery screen, which turns it upright before sending it.',
  titleTooLong: 'Title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 2000 characters.',
  sampleNotFound: 'This sample photo is not in the gallery.',
  sampleRemoved: 'Sample photo removed from the gallery.',
} as const;

export type GalleryMode = 'create' | 'edit';

export interface GalleryFormInput {
  title: string;
  description: string;
  /** The chosen image, if any: its size in bytes and the type the browser reports. */
  image?: { size: number; type?: string } | null;
}

export interface GalleryProblem {
  field: 'title' | 'description' | 'image';
  message: string;
}

/**
 * The first problem of a gallery form, in the order the form shows them, or undefined.
 * Title and description are trimmed; the image is required on create only. A file's `type`
 * is checked only when known (the server decides by the bytes).
 */
export function galleryProblem(input: GalleryFormInput, mode: GalleryMode): GalleryProblem | undefined {
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title) return { field: 'title', message: GALLERY_TEXTS.required };
  if (!description) return { field: 'description', message: GALLERY_TEXTS.required };
  if (title.length > GALLERY_TITLE_MAX) return { field: 'title', message: GALLERY_TEXTS.titleTooLong };
  if (description.length > GALLERY_DESCRIPTION_MAX)
    return { field: 'description', message: GALLERY_TEXTS.descriptionTooLong };
  const image = input.image;
  if (!image || image.size === 0) {
    return mode === 'create' ? { field: 'image', message: GALLERY_TEXTS.imageRequired } : undefined;
  }
  if (image.size > GALLERY_MAX_BYTES) return { field: 'image', message: GALLERY_TEXTS.imageTooLarge };
  if (image.type && !(ALLOWED_IMAGE_TYPES as readonly string[]).includes(image.type)) {
    return { field: 'image', message: GALLERY_TEXTS.imageType };
  }
  return undefined;
}

/** The problem with a chosen file alone (size and type), or undefined when it may be used. */
export function imageProblem(file: File | undefined | null): string | undefined {
  if (!file) return undefined;
  return galleryProblem({ title: 'x', description: 'x', image: { size: file.size, type: file.type } }, 'edit')?.message;
}
