/**
 * An admin form's picture: the current one shown small, "Replace with a photo" (the photo is
 * redrawn in the browser, so the camera file and its GPS position never leave the phone, then
 * uploaded to POST /v1/api/pictures), "Remove", and its alt text in English and Hindi.
 */
import { useEffect, useId, useRef, useState } from 'react';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const word = (code: Parameters<typeof fill>[1]) => fill(lang, code);

  useEffect(() => {
    let live = true;
    if (!value) setShown(undefined);
    else if (shown?.id !== value.picture) void knownPictures().then((known) => live && setShown(known.get(value.picture)));
    return () => {
      live = false;
    };
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

  const alt = value?.alt ?? { en: '', hi: '' };
  return (
    <fieldset className="picture-field">
      <legend>{label}</legend>
      {value ? (
        <div className="picture-field__current">
          {shown ? (
            <img src={imageCdnUrl(shown.src, 240)} alt="" width={120} height={Math.round((120 * shown.height) / shown.width)} />
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
        {value && (
          <button type="button" className="btn" disabled={busy} onClick={() => onChange(null)}>
            {word('pictures.remove')}
          </button>
        )}
      </div>
      {busy && <p role="status">{word('pictures.uploading')}</p>}
      {error && <p role="alert" className="field-error">{error}</p>}
      {value && (
        <>
          <label htmlFor={`${id}-en`}>{word('pictures.altEn')}</label>
          <input id={`${id}-en`} lang="en" value={alt.en} maxLength={300} onChange={(e) => onChange({ ...value, alt: { ...alt, en: e.target.value } })} />
          <label htmlFor={`${id}-hi`}>{word('pictures.altHi')}</label>
          <input id={`${id}-hi`} lang="hi" value={alt.hi} maxLength={300} onChange={(e) => onChange({ ...value, alt: { ...alt, hi: e.target.value } })} />
        </>
      )}
    </fieldset>
  );
}
