/**
 * The starting pictures and sample gallery photos (starting-content/pictures/, starting-content/gallery/)
 * as a school replaces them: every file the JSON names is there with the size the JSON says (the
 * pages set width and height from it), every picture has its words in English and Hindi, names are
 * unique across both folders (a picture's id is `starting:<name>`), and no image file is left unnamed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { startingGallery, startingPicture, startingPictures } from '../../src/features/pictures/starting.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const fileOf = (src: string) => join(ROOT, 'starting-content', src.replace(/^\/starting\//, ''));
const images = (folder: string) =>
  readdirSync(join(ROOT, 'starting-content', folder))
    .filter((f) => /\.(jpe?g|png|webp)$/.test(f))
    .sort();

describe('starting pictures', () => {
  const all = [...startingPictures(), ...startingGallery];

  it('name every image file of their folders, once', () => {
    expect(
      startingPictures()
        .map((p) => p.src.split('/').pop())
        .sort(),
    ).toEqual(images('pictures'));
    expect(startingGallery.map((p) => p.src.split('/').pop()).sort()).toEqual(images('gallery'));
    expect(new Set(all.map((p) => p.name)).size).toBe(all.length);
  });

  it('have the size their files have, and words in both languages', () => {
    for (const picture of all) {
      const { width, height } = imageSize(readFileSync(fileOf(picture.src)));
      expect({ name: picture.name, width, height }).toEqual({
        name: picture.name,
        width: picture.width,
        height: picture.height,
      });
      expect(picture.alt.en.trim(), picture.name).not.toBe('');
      expect(picture.alt.hi, picture.name).toMatch(/[\u0900-\u097F]/);
    }
    for (const photo of startingGallery) expect(photo.title.hi, photo.name).toMatch(/[\u0900-\u097F]/);
    expect(startingPicture('campus-hero')?.src).toBe('/starting/pictures/campus-hero.jpg');
    expect(startingPicture('event-01')?.src).toBe('/starting/gallery/event-01.jpg');
    expect(startingPicture('nothing')).toBeUndefined();
  });
});
