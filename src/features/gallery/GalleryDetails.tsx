/** /admin/gallery/details/{galleryId}: edit with an optional new image; Save (reloads), Back, Delete. */
import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, goBackToPanel, replaceWithPanel } from '../../lib/admin/navigation.ts';

import { galleryImageUrl, type GalleryItem } from './gallery.ts';
import { useDetails } from '../../components/admin/useDetails.ts';
import { GalleryForm } from './GalleryForm.tsx';
import { Loading, ScreenHeader } from '../../components/admin/ui.tsx';

const PANEL = '/admin/gallery/panel';

export default function GalleryDetails() {
  const { id, record, reload } = useDetails<GalleryItem>(
    'gallery',
    PANEL,
    'An error occurred while fetching custGallery item details.',
  );
  const [deleting, setDeleting] = useState(false);
  const initial = useMemo(() => ({ title: record?.title ?? '', description: record?.description ?? '' }), [record]);

  async function save(data: FormData): Promise<boolean> {
    if (!id) return false;
    try {
      const res = await adminApi(`/gallery/${encodeURIComponent(id)}`, { method: 'PUT', body: data });
      if (res.status === 200) {
        toast.success('Gallery item updated successfully!');
        reload();
        return true;
      }
      toast.error('Failed to update gallery item');
    } catch {
      toast.error('An error occurred while updating the gallery item');
    }
    return false;
  }

  async function remove() {
    if (!id) return;
    setDeleting(true);
    try {
      const res = await adminApi(`/gallery/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      flashToast('success', 'Gallery item deleted successfully!', DELETE_TOAST_AUTO_CLOSE);
      replaceWithPanel(PANEL);
    } catch {
      toast.error('An error occurred while deleting the gallery item', { autoClose: DELETE_TOAST_AUTO_CLOSE });
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Edit Gallery Item" />
      {!record ? (
        <Loading />
      ) : (
        <GalleryForm
          mode="edit"
          initial={initial}
          currentImage={galleryImageUrl(record.image)}
          onSubmit={save}
          submitLabel="Save"
          disabled={deleting}
          actions={
            <>
              <button type="button" className="btn" onClick={() => goBackToPanel(PANEL)}>
                Back
              </button>
              <button type="button" className="btn btn--danger" disabled={deleting} onClick={remove}>
                {deleting ? 'Deleting...' : 'Delete'}
              </button>
            </>
          }
        />
      )}
    </section>
  );
}
