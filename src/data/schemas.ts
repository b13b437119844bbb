/** Schemas that validate the typed data files at build time (a typo fails the build, not the page). */
import { z } from 'astro/zod';

/** An astro:assets import, kept as the same object (astro:assets tracks the source file through it). */
export const imageSchema = z.custom<ImageMetadata>(
  (value) => typeof value === 'object' && value !== null && typeof (value as ImageMetadata).src === 'string' && (value as ImageMetadata).width > 0 && (value as ImageMetadata).height > 0,
  { message: 'expected an image imported from src/assets' },
);

export const galleryImageSchema = z.object({ title: z.literal('Academy Event'), image: imageSchema, alt: z.string().min(1) });
