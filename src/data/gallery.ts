/**
 * The 23 built-in gallery images (titled "Academy Event"), shown on /gallery after the
 * server's items. Import `staticGallery`.
 */
import { z } from 'astro/zod';
import { galleryImageSchema } from './schemas.ts';

const files = import.meta.glob<{ default: ImageMetadata }>('../assets/gallery/event-*.jpg', { eager: true });

const descriptions = [
  'Morning assembly in front of the main building',
  'Students performing on the auditorium stage',
  'Races on the school athletics track',
  'Science fair stalls set up by senior students',
  'A cricket match on the school ground',
  'Painting and clay work in the art room',
  'An audience watching a programme in the auditorium',
  'Basketball practice on the school court',
  'Students gathered on the campus lawn',
];

export interface StaticGalleryImage {
  title: string;
  image: ImageMetadata;
  alt: string;
}

export const staticGallery: StaticGalleryImage[] = z
  .array(galleryImageSchema)
  .length(23)
  .parse(
    Object.keys(files)
      .sort()
      .map((path, i) => ({ title: 'Academy Event', image: files[path]!.default, alt: `Academy event: ${descriptions[i % descriptions.length]!.toLowerCase()}` })),
  );
