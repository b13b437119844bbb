/**
 * A details screen's record: the id from the path (/details/{id}); no id, or a failed load, sends
 * the user back to the panel with the screen's error toast.
 */
import { useEffect, useState } from 'react';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, idFromPath, replaceWithPanel } from '../../lib/admin/navigation.ts';

export function useDetails<T>(resource: string, panel: string, failMessage: string) {
  const [id] = useState(() => idFromPath());
  const [record, setRecord] = useState<T>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!id) {
      replaceWithPanel(panel);
      return;
    }
    let live = true;
    adminApi(`/${resource}/${encodeURIComponent(id)}`)
      .then(async (res) => {
        if (res.status === 401) return;
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        const data = (await res.json()) as T;
        if (live) setRecord(data);
      })
      .catch(() => {
        if (!live) return;
        flashToast('error', failMessage);
        replaceWithPanel(panel);
      });
    return () => {
      live = false;
    };
  }, [id, resource, panel, failMessage, tick]);

  return { id, record, setRecord, reload: () => setTick((t) => t + 1) };
}
