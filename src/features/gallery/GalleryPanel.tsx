/**
 * /admin/gallery/panel: every photo the public gallery shows, in its order: the school's items (an
 * item opens its details), then the sample photos the repository ships, marked "Sample", each of
 * which the office can remove or replace with a photo of the school's own.
 */
import { useState } from 'react';
import { adminApi, getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { fill } from '../../lib/i18n/index.ts';
import { toast } from '../../lib/toast.tsx';
import { GALLERY_FALLBACK_IMAGE, galleryImageUrl, type GalleryItem, type GallerySample } from './gallery.ts';
import { imageCdnUrl } from '../pictures/picture.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import '../pictures/pictures-admin.css';

export default function GalleryPanel() {
  const list = useLoad(
    () => Promise.all([getJson<GalleryItem[]>('/gallery'), getJson<GallerySample[]>('/gallery/samples')]),
    [],
  );
  const [removing, setRemoving] = useState<GallerySample>();
  const [items, samples] = list.data ?? [[], []];

  async function remove(sample: GallerySample) {
    setRemoving(undefined);
    const res = await adminApi(`/gallery/samples/${encodeURIComponent(sample.name)}`, { method: 'DELETE' }).catch(
      () => undefined,
    );
    if (res?.status === 200) toast.success('Sample photo removed from the gallery.');
    else toast.error('The sample photo could not be removed. Please try again.');
    list.reload();
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Gallery">
        <a className="btn btn--primary" href="/admin/gallery/new-item">
          New Item
        </a>
      </ScreenHeader>
      {list.loading && !list.data ? (
        <p role="status" className="admin-state">
          Loading...
        </p>
      ) : list.failed ? (
        <div className="admin-state" role="alert">
          <p>Error loading gallery. Please try again.</p>
          <button type="button" className="btn" onClick={list.reload}>
            Try again
          </button>
        </div>
      ) : items.length + samples.length === 0 ? (
        <p className="admin-state">No images found</p>
      ) : (
        <>
          {samples.length > 0 && (
            <p className="hint">
              The {samples.length} photos marked <span className="sample-badge">{fill('en', 'pictures.sample')}</span>{' '}
              are samples that came with the website, not the school&rsquo;s own: remove each, or replace it with a
              photo of the school.
            </p>
          )}
          <ul className="admin-gallery">
            {items.map((item) => (
              <li key={item._id}>
                <a href={`/admin/gallery/details/${encodeURIComponent(item._id)}`} className="admin-gallery__card">
                  <img
                    src={galleryImageUrl(item.image) ?? GALLERY_FALLBACK_IMAGE}
                    alt=""
                    width={400}
                    height={300}
                    loading="lazy"
                    onError={(e) => {
                      if (!e.currentTarget.src.endsWith(GALLERY_FALLBACK_IMAGE))
                        e.currentTarget.src = GALLERY_FALLBACK_IMAGE;
                    }}
                  />
                  <span className="admin-gallery__title">{item.title}</span>
                  <span className="admin-gallery__date">Updated {formatDate(item.updatedAt)}</span>
                </a>
              </li>
            ))}
            {samples.map((sample) => (
              <li key={sample.id} className="admin-gallery__sample">
                <div className="admin-gallery__card">
                  <img
                    src={imageCdnUrl(sample.src, 480)}
                    alt={sample.alt.en}
                    width={sample.width}
                    height={sample.height}
                    loading="lazy"
                  />
                  <span className="admin-gallery__title">
                    {sample.title.en} <span className="sample-badge">{fill('en', 'pictures.sample')}</span>
                  </span>
                  <span className="admin-gallery__actions">
                    <a
                      className="btn"
                      href={`/admin/gallery/new-item?replaces=${encodeURIComponent(sample.name)}`}
                      aria-label={`Replace the sample ${sample.name} with a photo`}
                    >
                      Replace with a photo
                    </a>
                    <button
                      type="button"
                      className="btn btn--danger"
                      onClick={() => setRemoving(sample)}
                      aria-label={`Remove the sample ${sample.name}`}
                    >
                      Remove
                    </button>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        message={removing ? `Remove the sample photo "${removing.alt.en}" from the public gallery?` : ''}
        confirmLabel="Remove"
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(undefined)}
      />
    </section>
  );
}
