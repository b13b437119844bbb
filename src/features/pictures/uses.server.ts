/**
 * Where each picture is shown, read from the pages that place pictures (the content pages' saved
 * or starting words, hidden pages left out): the picture list says where a picture is, and the
 * go-live checklist counts the starting pictures still shown. The gallery keeps its own photos
 * (src/features/gallery/) and its own line.
 */
import { query } from '../../server/db.ts';
import { json } from '../../server/http.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import { pageStates, placedPictures } from '../pages/pages.server.ts';
import { STARTING_PREFIX, type PictureJson } from './picture.ts';
import { uploadedJson, type Row } from './pictures.server.ts';
import { startingPictures } from './starting.ts';

interface PictureUse {
  /** A picture id (an uploaded one's, or `starting:<name>`). */
  picture: string;
  /** The English path of the page that shows it. */
  where: string;
}

async function pictureUses(): Promise<PictureUse[]> {
  const states = await pageStates();
  return states
    .filter((s) => !s.hidden)
    .flatMap((s) => placedPictures(s.content).map(({ placed }) => ({ picture: placed.picture, where: s.path })));
}

/** GET /v1/api/pictures: the school's pictures, newest first, then the starting ones (samples), each with the pages that show it. */
export async function listPictures(): Promise<Response> {
  const [rows, uses] = await Promise.all([
    query<Row>(`SELECT * FROM pictures ORDER BY created_at DESC, id`),
    pictureUses(),
  ]);
  const usedOn = (id: string) => [...new Set(uses.filter((u) => u.picture === id).map((u) => u.where))];
  const starting = startingPictures().map((p): PictureJson => {
    const id = `${STARTING_PREFIX}${p.name}`;
    return {
      id,
      src: p.src,
      width: p.width,
      height: p.height,
      sample: true,
      alt: p.alt,
      createdAt: null,
      usedOn: usedOn(id),
    };
  });
  return json([...rows.map((row) => uploadedJson(row, usedOn(row.id))), ...starting]);
}

/** The go-live checklist's line: starting pictures (drawings) still shown on the site's pages. */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const shown = new Set((await pictureUses()).map((u) => u.picture).filter((id) => id.startsWith(STARTING_PREFIX)));
  return [{ code: 'goLive.pictures.samples', done: shown.size === 0, href: '/admin/pages', count: shown.size }];
}
