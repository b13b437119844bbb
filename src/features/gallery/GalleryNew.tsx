/** /admin/gallery/new-item: create; the form clears after a 201. */
import { useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { GalleryForm } from './GalleryForm.tsx';
import { ScreenHeader } from '../../components/admin/ui.tsx';

const EMPTY = { title: '', description: '' };

export default function GalleryNew() {
  const [error, setError] = useState<string>();

  async function create(data: FormData): Promise<boolean> {
    setError(undefined);
    try {
      const res = await adminApi('/gallery', { method: 'POST', body: data });
      if (res.status === 201) {
        toast.success('Gallery item created successfully!');
        return true;
      }
      // An image too small or unreadable: the server's own words say why.
      if (res.status === 422) {
        setError(((await res.json()) as { error?: string }).error ?? 'Failed to upload image. Try again.');
        return false;
      }
    } catch {
      /* shown below */
    }
    setError('Failed to upload image. Try again.');
    return false;
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="New Gallery Item">
        <a className="btn" href="/admin/gallery/panel">Back to gallery</a>
      </ScreenHeader>
      <GalleryForm mode="create" initial={EMPTY} onSubmit={create} submitLabel="Upload" error={error} />
    </section>
  );
}
