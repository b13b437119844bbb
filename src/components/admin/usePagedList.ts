/**
 * A paged admin list: filters and page live in the URL query, the list reloads when they change, a
 * failed load shows the screen's toast, and a page beyond the last (after deletes, or an old link)
 * moves to the last page.
 */
import { useEffect } from 'react';
import { toast } from '../../lib/toast.tsx';
import { pageFrom, useUrlQuery, type Query } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import type { Paged } from '../../lib/record.ts';

export function usePagedList<K extends string, T>(
  filterKeys: readonly K[],
  load: (filters: Query<K>, page: number) => Promise<Paged<T>>,
  errorMessage: string,
) {
  type Patch = Partial<Query<K | 'page'>>;
  const [query, update] = useUrlQuery<K | 'page'>([...filterKeys, 'page']);
  const page = pageFrom(query.page);
  const list = useLoad(
    () => load(query, page),
    [...filterKeys.map((k) => query[k]), page],
    () => toast.error(errorMessage),
  );
  const setPage = (p: number) => update({ page: String(p) } as Patch);
  const totalPages = list.data?.totalPages;

  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) update({ page: String(totalPages) } as Patch);
  }, [page, totalPages, update]);

  return {
    filters: query as Query<K>,
    /** A new filter starts again from page 1. */
    setFilter: (key: K, value: string) => update({ [key]: value, page: '1' } as Patch),
    table: { rows: list.data?.data, loading: list.loading, failed: list.failed },
    pager: { page, totalPages: totalPages ?? page, busy: list.loading, onPage: setPage },
  };
}
