/** Loads data for a screen: keeps the latest answer only, and reloads on demand or after bfcache. */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useReloadOnPageShow } from './url-query.ts';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

export function useLoad<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  onError?: (error: unknown) => void,
): Loaded<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  const failedWith = useEffectEvent((error: unknown) => onError?.(error));

  useEffect(() => {
    const current = ++run.current;
    setLoading(true);
    load().then(
      (value) => {
        if (current !== run.current) return;
        setData(value);
        setFailed(false);
        setLoading(false);
      },
      (error: unknown) => {
        if (current !== run.current) return;
        setFailed(true);
        setLoading(false);
        failedWith(error);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  useReloadOnPageShow(reload);
  return { data, loading, failed, reload };
}

/** Thrown for a non-2xx answer so callers can tell it from a network failure if they need to. */
export class StatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
