/**
 * The starting pictures and sample gallery photos the repository ships in starting-content/ (a
 * second school replaces that folder). The build copies their files under STARTING_BASE; this
 * module knows their sizes and words from the folder's JSON, which both the build and the functions read.
 */
import pictures from '../../../starting-content/pictures/pictures.json' with { type: 'json' };
import gallery from '../../../starting-content/gallery/gallery.json' with { type: 'json' };
import type { Bilingual } from './picture.ts';

/** Where the build puts the starting files on the site. */
export const STARTING_BASE = '/starting/';

export interface StartingPicture {
  name: string;
  /** The same-site path of the file. */
  src: string;
  width: number;
  height: number;
  alt: Bilingual;
}

export interface StartingGalleryPhoto extends StartingPicture {
  title: Bilingual;
}

interface Entry {
  file: string;
  width: number;
  height: number;
  alt: Bilingual;
}

const fromPictures = new Map<string, StartingPicture>(
  Object.entries(pictures as Record<string, Entry>).map(([name, e]) => [
    name,
    { name, src: `${STARTING_BASE}pictures/${e.file}`, width: e.width, height: e.height, alt: e.alt },
  ]),
);

/** The sample gallery photos, in the order the gallery shows them. */
export const startingGallery: readonly StartingGalleryPhoto[] = (
  gallery as (Entry & { name: string; title: Bilingual })[]
).map((e) => ({
  name: e.name,
  src: `${STARTING_BASE}gallery/${e.file}`,
  width: e.width,
  height: e.height,
  alt: e.alt,
  title: e.title,
}));

const byName = new Map<string, StartingPicture>([...fromPictures, ...startingGallery.map((p) => [p.name, p] as const)]);

/** A starting picture or sample gallery photo by its name (its id without `starting:`). */
export const startingPicture = (name: string): StartingPicture | undefined => byName.get(name);

/** Every starting picture (not the gallery's), for the picture chooser. */
export const startingPictures = (): StartingPicture[] => [...fromPictures.values()];
