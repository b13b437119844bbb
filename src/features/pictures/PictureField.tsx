/**
 * An admin form's picture: the current one shown small, "Replace with a photo" (the photo is
 * redrawn in the browser, so the camera file and its GPS position never leave the phone, then
 * uploaded to POST /v1/api/pictures), "Choose one of the school's pictures" (the site's modal Dialog listing
 * the pictures already uploaded and the starting ones still on a page), "Remove", and its alt text
 * in English and Hindi.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { formatDate } from '../../lib/dates.ts';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { answerOf } from '../../lib/api-client.ts';
import { prepareImage, type DownscaleOptions } from '../../lib/downscale-image.ts';
import { fill, type Language } from '../../lib/i18n/index.ts';
import { PICTURE_MAX_BYTES, PICTURE_MAX_EDGE, imageCdnUrl, type PictureJson, type PlacedPicture } from './picture.ts';
import './pictures-admin.css';

/** Every photo is redrawn (metadata dropped) to at most PICTURE_MAX_EDGE, under a 1.5 MB budget. */
export const PICTURE_PHOTO: DownscaleOptions = {
  maxEdge: PICTURE_MAX_EDGE,
  maxBytes: PICTURE_MAX_BYTES,
  budgetBytes: 1.5 * 1024 * 1024,
  qualities: [0.86, 0.8, 0.72, 0.64],
  fitEdge: true,
  always: true,
};

/** The admin's pictures, asked once per screen and shared by its fields. */
let listing: Promise<Map<string, PictureJson>> | undefined;
function knownPictures(): Promise<Map<string, PictureJson>> {
  listing ??= adminApi('/pictures')
    .then(async (res) => (res.ok ? ((await res.json()) as PictureJson[]) : []))
    .then((list) => new Map(list.map((p) => [p.id, p])))
    .catch(() => new Map<string, PictureJson>());
  return listing;
}

/** What the chooser offers: every uploaded picture, newest first (one uploaded on this screen too), then each starting one still on a page. */
const offered = (known: Map<string, PictureJson>) =>
  [...known.values()]
    .filter((p) => !p.sample || p.usedOn.length > 0)
    .sort((a, b) => Number(a.sample) - Number(b.sample) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));

const hasText = (alt: { en: string; hi: string } | undefined) => !!alt && !!(alt.en.trim() || alt.hi.trim());

interface Props {
  label: string;
  value: PlacedPicture | null;
  onChange: (value: PlacedPicture | null) => void;
  lang?: Language;
}

export default function PictureField({ label, value, onChange, lang = 'en' }: Props) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<PictureJson>();
  const [choosing, setChoosing] = useState(false);
  const [choices, setChoices] = useState<PictureJson[]>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const word = (code: Parameters<typeof fill>[1]) => fill(lang, code);

  useEffect(() => {
    let live = true;
    if (!value) setShown(undefined);
    else if (shown?.id !== value.picture)
      void knownPictures().then((known) => live && setShown(known.get(value.picture)));
    return () => {
      live = false;
    };
    // Only a new value loads a picture; the one shown is compared with it, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value?.picture]);

  async function upload(file: File | undefined) {
    if (!file || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const prepared = await prepareImage(file, PICTURE_PHOTO).catch(() => undefined);
      if (!prepared) {
        setError(word('pictures.unreadable'));
        return;
      }
      const form = new FormData();
      form.append('image', prepared.file);
      const answer = await answerOf<PictureJson>(await adminApi('/pictures', { method: 'POST', body: form }));
      if (answer.status !== 201 || !answer.body.id) {
        setError(answer.body.error ?? word('pictures.uploadFailed'));
        return;
      }
      const picture = answer.body as PictureJson;
      (await knownPictures()).set(picture.id, picture);
      setShown(picture);
      onChange({ picture: picture.id, alt: value?.alt ?? { en: '', hi: '' } });
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  function openChooser() {
    setChoices(undefined);
    setChoosing(true);
    void knownPictures().then((known) => setChoices(offered(known)));
  }

  function choose(picture: PictureJson) {
    setShown(picture);
    setError(undefined);
    // A starting picture brings its own words; an uploaded one has none of its own, so the words typed stay.
    onChange({ picture: picture.id, alt: hasText(picture.alt) ? picture.alt : (value?.alt ?? { en: '', hi: '' }) });
    setChoosing(false);
  }

  /** How a picture reads in the list: a starting one by its words, an uploaded one by its date and size. */
  const pictureName = (p: PictureJson) =>
    p.sample
      ? p.alt[lang] || p.alt.en
      : fill(lang, 'pictures.uploadedOn', {
          date: formatDate(p.createdAt, lang),
          width: String(p.width),
          height: String(p.height),
        });
  const whereShown = (p: PictureJson) =>
    p.usedOn.length ? fill(lang, 'pictures.shownOn', { pages: p.usedOn.join(', ') }) : word('pictures.notShown');

  const alt = value?.alt ?? { en: '', hi: '' };
  return (
    <fieldset className="picture-field">
      <legend>{label}</legend>
      {value ? (
        <div className="picture-field__current">
          {shown ? (
            <img
              src={imageCdnUrl(shown.src, 240)}
              alt=""
              width={120}
              height={Math.round((120 * shown.height) / shown.width)}
            />
          ) : (
            <span className="picture-field__none">{word('pictures.loading')}</span>
          )}
          {shown?.sample && <span className="sample-badge">{word('pictures.sample')}</span>}
        </div>
      ) : (
        <p className="picture-field__none">{word('pictures.none')}</p>
      )}
      <div className="picture-field__actions">
        <label className="btn" htmlFor={`${id}-file`}>
          {word(value ? 'pictures.replace' : 'pictures.add')}
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={busy}
          onChange={(e) => void upload(e.currentTarget.files?.[0])}
        />
        <button type="button" className="btn" disabled={busy} onClick={openChooser}>
          {word('pictures.choose')}
        </button>
        {value && (
          <button type="button" className="btn" disabled={busy} onClick={() => onChange(null)}>
            {word('pictures.remove')}
          </button>
        )}
      </div>
      <Dialog
        open={choosing}
        onClose={() => setChoosing(false)}
        labelledBy={`${id}-choose-title`}
        className="picture-chooser"
      >
        <h2 id={`${id}-choose-title`}>{word('pictures.chooseTitle')}</h2>
        <p className="hint">{fill(lang, 'pictures.chooseFor', { label })}</p>
        {choices === undefined ? (
          <p role="status">{word('pictures.chooseLoading')}</p>
        ) : choices.length === 0 ? (
          <p>{word('pictures.chooseNone')}</p>
        ) : (
          <ul className="picture-chooser__list" role="list">
            {choices.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="picture-chooser__item"
                  aria-current={p.id === value?.picture ? 'true' : undefined}
                  onClick={() => choose(p)}
                >
                  <img
                    src={imageCdnUrl(p.src, 240)}
                    alt=""
                    width={120}
                    height={Math.round((120 * p.height) / p.width)}
                    loading="lazy"
                  />
                  <span className="picture-chooser__words">
                    <span className="picture-chooser__name">{pictureName(p)}</span>
                    {p.sample && <span className="sample-badge">{word('pictures.sample')}</span>}
                    {p.id === value?.picture && (
                      <span className="picture-chooser__current">{word('pictures.current')}</span>
                    )}
                    <span className="picture-chooser__where">{whereShown(p)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="picture-chooser__actions">
          <button type="button" className="btn" onClick={() => setChoosing(false)}>
            {word('pictures.chooseCancel')}
          </button>
        </div>
      </Dialog>
      {busy && <p role="status">{word('pictures.uploading')}</p>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {value && (
        <>
          <label htmlFor={`${id}-en`}>{word('pictures.altEn')}</label>
          <input
            id={`${id}-en`}
            lang="en"
            value={alt.en}
            maxLength={300}
            onChange={(e) => onChange({ ...value, alt: { ...alt, en: e.target.value } })}
          />
          <label htmlFor={`${id}-hi`}>{word('pictures.altHi')}</label>
          <input
            id={`${id}-hi`}
            lang="hi"
            value={alt.hi}
            maxLength={300}
            onChange={(e) => onChange({ ...value, alt: { ...alt, hi: e.target.value } })}
          />
        </>
      )}
    </fieldset>
  );
}
