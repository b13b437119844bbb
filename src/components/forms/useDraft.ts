/**
 * Drafts: a form's text fields (never files) kept in localStorage as the parent types, restored
 * after a reload or a lost connection, removed after a successful submit. Restored after the
 * first render so the server-rendered HTML and the island agree.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'rmcp-draft:';

function read(key: string): Record<string, string> | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    if (!value || typeof value !== 'object') return undefined;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

export function useDraft<T extends Record<string, string>>(key: string, empty: () => T) {
  const [values, setValues] = useState<T>(empty);
  const restored = useRef(false);
  const [wasRestored, setWasRestored] = useState(false);

  useEffect(() => {
    const saved = read(key);
    if (saved) {
      const base = empty();
      const merged = { ...base };
      let any = false;
      for (const k of Object.keys(saved)) {
        if (k in base) {
          (merged as Record<string, string>)[k] = saved[k]!;
          if (saved[k] && !k.startsWith('_')) any = true;
        }
      }
      setValues(merged);
      setWasRestored(any);
    }
    restored.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    if (!restored.current) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(PREFIX + key, JSON.stringify(values));
      } catch {
        // Storage full or disabled (private mode): the form still works without drafts.
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [key, values]);

  const setField = useCallback((name: keyof T, value: string) => setValues((v) => ({ ...v, [name]: value })), []);

  const clearDraft = useCallback(() => {
    try {
      localStorage.removeItem(PREFIX + key);
    } catch {
      /* ignore */
    }
  }, [key]);

  return { values, setValues, setField, clearDraft, wasRestored };
}
