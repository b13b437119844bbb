/**
 * /gallery: server items, then the built-in photos, in a grid (3 columns on desktop, 1 on a phone).
 * A server item's details are fetched on click and shown in a modal. The built-in photos are
 * rendered from the start and hold their space; the page keeps them hidden until the server's list
 * is known (see gallery.astro), so nothing moves when server items are put before them.
 */
import { startTransition, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import { GALLERY_FALLBACK_IMAGE, galleryImageUrl, type GalleryItem } from './gallery.ts';
import type { GalleryWords } from './gallery-words.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import '../../components/ui/board.css';

export interface StaticPhoto {
  title: string;
  /** The largest width, for the modal; `srcSet`/`sizes` let a tile load a smaller one. */
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
}

interface Shown {
  title: string;
  src: string;
  alt: string;
  description?: string;
  date?: string;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: GalleryItem[] };

declare global {
  interface Window {
    /** The list as fetched by the page's inline script (gallery.astro), taken once by the island. */
    galleryList?: Promise<unknown>;
  }
}

async function fetchList(): Promise<unknown> {
  const res = await api('/gallery');
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

/** The page's early fetch of the list if there is one (used once), else a new one. */
function galleryList(): Promise<unknown> {
  const early = window.galleryList;
  window.galleryList = undefined;
  return early ?? fetchList();
}

const fallback = (e: React.SyntheticEvent<HTMLImageElement>) => {
  if (!e.currentTarget.src.endsWith(GALLERY_FALLBACK_IMAGE)) e.currentTarget.src = GALLERY_FALLBACK_IMAGE;
};

/** `words`: the page's language's words (gallery-words.ts); `lang` dates the modal in that language. */
export default function GalleryGrid({ staticPhotos, lang, words }: { staticPhotos: StaticPhoto[]; lang: Language; words: GalleryWords }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [shown, setShown] = useState<Shown>();
  const [opening, setOpening] = useState<string>();

  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    galleryList()
      .then((items) => {
        if (!Array.isArray(items)) throw new Error('not a list');
        // A transition: React renders the new tiles in short slices, so a tap or scroll is never blocked for long.
        startTransition(() => setState({ status: 'ready', items: items as GalleryItem[] }));
      })
      .catch(() => setState({ status: 'failed' }));
  }, []);

  // The list is known and its items are in place (same commit, before paint): the built-in photos may show.
  useLayoutEffect(() => {
    if (state.status !== 'loading') root.current?.closest('[data-gallery-pending]')?.removeAttribute('data-gallery-pending');
  }, [state.status]);

  async function openItem(item: GalleryItem) {
    if (opening) return;
    setOpening(item._id);
    try {
      const res = await api(`/gallery/${encodeURIComponent(item._id)}`);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      const full = (await res.json()) as GalleryItem;
      setShown({ title: full.title, src: galleryImageUrl(full.image) ?? GALLERY_FALLBACK_IMAGE, alt: full.title, description: full.description, date: full.updatedAt ?? full.createdAt });
    } catch {
      toast.error(words['gallery.itemFailed']);
    } finally {
      setOpening(undefined);
    }
  }

  const server = state.status === 'ready' ? state.items : [];
  const empty = state.status !== 'loading' && server.length === 0 && staticPhotos.length === 0;

  return (
    <div className="gallery" ref={root} aria-busy={state.status === 'loading'}>
      <Toasts />
      {state.status === 'failed' && <p className="board__message" role="alert">{words['gallery.failed']}</p>}
      {empty && <p className="board__message">{words['gallery.empty']}</p>}
      {state.status === 'loading' && <p className="visually-hidden" role="status">{words['gallery.loading']}</p>}
      <ul className="gallery-grid">
        {server.map((item, i) => (
          <li key={item._id}>
            <button type="button" className="gallery-tile" aria-haspopup="dialog" aria-busy={opening === item._id || undefined} onClick={() => openItem(item)}>
              <img className="gallery-tile__img" src={galleryImageUrl(item.image) ?? GALLERY_FALLBACK_IMAGE} alt={item.title} width={400} height={300} {...loading(i)} onError={fallback} />
              <span className="gallery-tile__title">{item.title}</span>
            </button>
          </li>
        ))}
        {staticPhotos.map((photo, i) => (
          <li key={`static-${i}`} className="gallery-static">
            <button type="button" className="gallery-tile" aria-haspopup="dialog" onClick={() => setShown({ title: photo.title, src: photo.src, alt: photo.alt })}>
              <img className="gallery-tile__img" src={photo.src} srcSet={photo.srcSet} sizes={photo.sizes} alt={photo.alt} width={photo.width} height={photo.height} {...loading(server.length + i)} />
              <span className="gallery-tile__title">{photo.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <GalleryModal shown={shown} lang={lang} words={words} onClose={() => setShown(undefined)} />
    </div>
  );
}

/**
 * The first photo is the page's largest paint: load it at once. The others load when near the screen (the rest of
 * a desktop's first row at once too, being in view), so a phone's slow link carries the first photo alone.
 */
function loading(index: number) {
  return index === 0 ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
}

function GalleryModal({ shown, lang, words, onClose }: { shown?: Shown; lang: Language; words: GalleryWords; onClose: () => void }) {
  const id = useId();
  return (
    <Dialog open={!!shown} onClose={onClose} labelledBy={`${id}-title`} className="gallery-modal">
      {shown && (
        <>
          <button type="button" className="ui-dialog__close" aria-label={words['gallery.close']} onClick={onClose}>×</button>
          <h2 id={`${id}-title`} className="ui-dialog__title">{shown.title}</h2>
          <img className="gallery-modal__img" src={shown.src} alt={shown.alt} onError={fallback} />
          {shown.description && <p className="gallery-modal__desc">{shown.description}</p>}
          {shown.date && <p className="gallery-modal__date">{words['gallery.postedOn']} <time dateTime={shown.date}>{formatDate(shown.date, lang)}</time></p>}
        </>
      )}
    </Dialog>
  );
}
