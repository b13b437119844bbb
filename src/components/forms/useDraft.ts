/**
 * Drafts: a form's text fields kept in localStorage as the parent types (its documents are kept
 * by document-store.ts), restored
 * after a reload or a lost connection, removed after a successful submit. Restored after the
 * first render so the server-rendered HTML and the island agree. A form still at its defaults
 * (e.g. a select preset to "No") is no draft: nothing is stored and nothing is "restored".
 * A form's English and Hindi pages share its draft (one key), and it is written at once when the
 * language switch is clicked or the page is left, so a switch right after typing keeps it.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { draftKey } from './draft-key.ts';

function read(key: string): Record<string, string> | undefined {
  try {
    const raw = localStorage.getItem(draftKey(key));
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    if (!value || typeof value !== 'object') return undefined;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** True when every field the parent fills in still has its default (keys starting with '_' are bookkeeping). */
export function isUntouched(values: Record<string, string>, defaults: Record<string, string>): boolean {
  return Object.keys(values).every((k) => k.startsWith('_') || values[k] === defaults[k]);
}

/**
 * `typed`: what the parent typed before the island hydrated (early-input.ts); it is newer than the
 * draft, so it wins over it field by field.
 */
export function useDraft<T extends Record<string, string>>(key: string, empty: () => T, typed?: () => Partial<T>) {
  const [values, setValues] = useState<T>(empty);
  const restored = useRef(false);
  const [wasRestored, setWasRestored] = useState(false);

  useEffect(() => {
    const saved = read(key);
    const early = typed?.() ?? {};
    if (saved || Object.keys(early).length) {
      const base = empty();
      const merged: Record<string, string> = { ...base };
      for (const k of Object.keys(saved ?? {})) if (k in base) merged[k] = saved![k]!;
      if (saved) setWasRestored(!isUntouched(merged, base));
      setValues({ ...merged, ...early } as T);
    }
    restored.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // Whenever it runs (a timer, the page being left), it writes the latest values under the latest key.
  const save = useEffectEvent(() => {
    if (!restored.current) return;
    try {
      if (isUntouched(values, empty())) localStorage.removeItem(draftKey(key));
      else localStorage.setItem(draftKey(key), JSON.stringify(values));
    } catch {
      // Storage full or disabled (private mode): the form still works without drafts.
    }
  });

  useEffect(() => {
    if (!restored.current) return;
    const timer = setTimeout(() => save(), 300);
    return () => clearTimeout(timer);
  }, [key, values]);

  useEffect(() => {
    const beforeSwitch = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-language-switch]')) save();
    };
    const onHide = () => save();
    document.addEventListener('click', beforeSwitch, true);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('click', beforeSwitch, true);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  const setField = useCallback((name: keyof T, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const clearDraft = useCallback(() => {
    setWasRestored(false);
    try {
      localStorage.removeItem(draftKey(key));
    } catch {
      /* ignore */
    }
  }, [key]);

  return { values, setValues, setField, clearDraft, wasRestored };
}
