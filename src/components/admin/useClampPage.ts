import { useEffect } from 'react';

/** A page beyond the last (e.g. after deletes, or an old link) moves to the last page. */
export function useClampPage(page: number, totalPages: number | undefined, setPage: (p: number) => void): void {
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
