/** /admin/gallery/panel: a grid of items (fallback image when one has none); an item opens its details. */
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { GALLERY_FALLBACK_IMAGE, galleryImageUrl, type GalleryItem } from './gallery.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';

export default function GalleryPanel() {
  const list = useLoad(() => getJson<GalleryItem[]>('/gallery'), []);
  const items = list.data ?? [];
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Gallery">
        <a className="btn btn--primary" href="/admin/gallery/new-item">New Item</a>
      </ScreenHeader>
      {list.loading && !list.data ? (
        <p role="status" className="admin-state">Loading...</p>
      ) : list.failed ? (
        <div className="admin-state" role="alert">
          <p>Error loading gallery. Please try again.</p>
          <button type="button" className="btn" onClick={list.reload}>Try again</button>
        </div>
      ) : items.length === 0 ? (
        <p className="admin-state">No images found</p>
      ) : (
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
                    if (!e.currentTarget.src.endsWith(GALLERY_FALLBACK_IMAGE)) e.currentTarget.src = GALLERY_FALLBACK_IMAGE;
                  }}
                />
                <span className="admin-gallery__title">{item.title}</span>
                <span className="admin-gallery__date">Updated {formatDate(item.updatedAt)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
