/**
 * List state kept in the URL query (search boxes and page), so Back, reload and a copied link all
 * show the same view. Updates use history.replaceState: typing does not fill the history.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { rememberPanelQuery } from './navigation.ts';

export type Query<K extends string> = Record<K, string>;

export function readQuery<K extends string>(keys: readonly K[], search: string): Query<K> {
  const params = new URLSearchParams(search);
  return Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Query<K>;
}

/** The query string for the given values: empty values and page 1 are left out. */
export function writeQuery<K extends string>(values: Query<K>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values) as [K, string][]) {
    if (v === '' || (k === 'page' && v === '1')) continue;
    params.set(k, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A positive whole page number from the URL (anything else is page 1). */
export function pageFrom(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function useUrlQuery<K extends string>(keys: readonly K[]): [Query<K>, (patch: Partial<Query<K>>) => void] {
  const keysRef = useRef(keys);
  const [query, setQuery] = useState<Query<K>>(() => readQuery(keys, location.search));

  useEffect(() => {
    const search = writeQuery(query);
    if (search !== location.search) history.replaceState(history.state, '', location.pathname + search + location.hash);
    rememberPanelQuery(location.pathname.replace(/\/$/, ''), search);
  }, [query]);

  useEffect(() => {
    const onPop = () => setQuery(readQuery(keysRef.current, location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const update = useCallback((patch: Partial<Query<K>>) => setQuery((q) => ({ ...q, ...patch })), []);
  return [query, update];
}

/**
 * A text box value that follows the user's typing at once and reports it `delay` ms after the
 * last key stroke (the debounced value goes to the URL and the server).
 */
export function useDebouncedSearchParam(
  value: string,
  onCommit: (value: string) => void,
  delay = 350,
): [string, (v: string) => void] {
  const [text, setText] = useState(value);
  const commit = useEffectEvent((text: string) => onCommit(text));
  const last = useRef(value);

  // Follows the committed value when it changes from outside (Back/Forward).
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      commit(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return [text, setText];
}

/** Calls `reload` when the page comes back from the browser's back-forward cache (a record may be gone). */
export function useReloadOnPageShow(reload: () => void): void {
  const reloadShown = useEffectEvent(() => reload());
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reloadShown();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
}
