/**
 * The sample gallery photos of starting-content/gallery/: shown in the public gallery after the
 * school's own until the office removes one or puts a photo of the school's in its place. A
 * removal is a row of starting_removals (kind 'gallery'); a sample without one is shown.
 */
import type { AdminContext } from '../../server/auth.ts';
import { changeDetail, recordAudit } from '../../server/audit.ts';
import { getPool, transaction, type Queryable } from '../../server/db.ts';
import { notFound } from '../../server/errors.ts';
import { json } from '../../server/http.ts';
import { purgePages } from '../../server/public-page.ts';
import type { GoLiveCheck } from '../go-live/go-live.ts';
import { STARTING_PREFIX } from '../pictures/picture.ts';
import { startingGallery, type StartingGalleryPhoto } from '../pictures/starting.ts';
import { GALLERY_TEXTS, GALLERY_TAG, type GallerySample } from './gallery.ts';

const sampleJson = (photo: StartingGalleryPhoto): GallerySample => ({
  id: `${STARTING_PREFIX}${photo.name}`,
  name: photo.name,
  title: photo.title,
  alt: photo.alt,
  src: photo.src,
  width: photo.width,
  height: photo.height,
  sample: true,
});

/** The sample photos still shown, in their order. */
export async function shownSamples(db: Queryable = getPool()): Promise<StartingGalleryPhoto[]> {
  const { rows } = await db.query<{ name: string }>(`SELECT name FROM starting_removals WHERE kind = 'gallery'`);
  const removed = new Set(rows.map((r) => r.name));
  return startingGallery.filter((photo) => !removed.has(photo.name));
}

/** GET /v1/api/gallery/samples: the sample photos the public gallery still shows. */
export async function listSamples(): Promise<Response> {
  return json((await shownSamples()).map(sampleJson));
}

/**
 * Takes the sample `name` off the gallery in `tx`, audited (a replacement names the item that took
 * its place). Undefined when there is no such sample or it is already off.
 */
export async function takeDownSample(
  tx: Queryable,
  ctx: AdminContext,
  name: string,
  replacedBy?: string,
): Promise<StartingGalleryPhoto | undefined> {
  const photo = startingGallery.find((p) => p.name === name);
  if (!photo) return undefined;
  const { rows } = await tx.query(
    `INSERT INTO starting_removals (kind, name) VALUES ('gallery', $1) ON CONFLICT DO NOTHING RETURNING name`,
    [name],
  );
  if (!rows.length) return undefined;
  const before = { sample: name, title: photo.title.en };
  await recordAudit(
    ctx,
    {
      action: 'delete',
      entity: 'gallery',
      entityId: `${STARTING_PREFIX}${name}`,
      detail: changeDetail(before, replacedBy ? { replacedBy } : null),
    },
    tx,
  );
  return photo;
}

/** DELETE /v1/api/gallery/samples/:name: the sample leaves the public gallery. */
export async function removeSample(_req: Request, ctx: AdminContext): Promise<Response> {
  const name = ctx.params.name ?? '';
  const photo = await transaction((tx) => takeDownSample(tx, ctx, name));
  if (!photo) throw notFound(GALLERY_TEXTS.sampleNotFound);
  await purgePages([GALLERY_TAG]);
  return json({ message: GALLERY_TEXTS.sampleRemoved, name });
}

/** The go-live checklist's line: sample photos still in the public gallery. */
export async function goLiveChecks(): Promise<GoLiveCheck[]> {
  const count = (await shownSamples()).length;
  return [{ code: 'goLive.gallery.samples', done: count === 0, href: '/admin/gallery/panel', count }];
}
