/**
 * /admin/gallery/new-item: create; the form clears after a 201. With `?replaces=<sample>` the new
 * photo takes that sample photo's place in the gallery (both in one request), then the gallery opens.
 */
import { useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast } from '../../lib/admin/navigation.ts';
import { GalleryForm } from './GalleryForm.tsx';
import { ScreenHeader } from '../../components/admin/ui.tsx';

const EMPTY = { title: '', description: '' };

const SAMPLE_NAME = /^[a-z0-9-]{1,64}$/;

export default function GalleryNew() {
  const [error, setError] = useState<string>();
  const [replaces] = useState(() => {
    const name = new URLSearchParams(location.search).get('replaces') ?? '';
    return SAMPLE_NAME.test(name) ? name : undefined;
  });

  async function create(data: FormData): Promise<boolean> {
    setError(undefined);
    if (replaces) data.set('replaces', replaces);
    try {
      const res = await adminApi('/gallery', { method: 'POST', body: data });
      if (res.status === 201) {
        if (replaces) {
          flashToast('success', 'The sample photo is replaced by your photo.');
          location.assign('/admin/gallery/panel');
        } else toast.success('Gallery item created successfully!');
        return true;
      }
      if (res.status === 404 && replaces) {
        setError(
          'That sample photo is no longer in the gallery: remove "?replaces" from the address to add this photo as a new item.',
        );
        return false;
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
      <ScreenHeader title={replaces ? 'Replace a Sample Photo' : 'New Gallery Item'}>
        <a className="btn" href="/admin/gallery/panel">
          Back to gallery
        </a>
      </ScreenHeader>
      {replaces && (
        <p className="hint">
          Your photo takes the place of the sample photo {replaces} in the public gallery; give it its own title and
          description.
        </p>
      )}
      <GalleryForm mode="create" initial={EMPTY} onSubmit={create} submitLabel="Upload" error={error} />
    </section>
  );
}
