/**
 * The table of an admin list: one row a record, each cell labelled for the stacked phone layout
 * (data-label) and a last "Action" cell linking to the record's details screen.
 */
import type { ReactNode } from 'react';

export interface Column<T> {
  label: string;
  render: (row: T) => ReactNode;
  className?: string;
}

interface Props<T> {
  caption: string;
  columns: readonly Column<T>[];
  /** Undefined until the first answer: shown as "Loading..." rather than as an empty list. */
  rows: readonly T[] | undefined;
  loading: boolean;
  failed: boolean;
  emptyText: string;
  failedText: string;
  /** The details screen's path up to the id, e.g. /admin/enquiry/details/. */
  detailsPath: string;
  linkLabel: (row: T) => string;
  linkText?: string;
  /** A warning shown in the row's first cell. */
  mark?: (row: T) => string | undefined;
}

export function RecordTable<T extends { _id: string }>({
  caption,
  columns,
  rows,
  loading,
  failed,
  emptyText,
  failedText,
  detailsPath,
  linkLabel,
  linkText = 'View',
  mark,
}: Props<T>) {
  const headers = [...columns.map((c) => c.label), 'Action'];
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-busy={loading}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && !rows ? (
            <StateRow colSpan={headers.length} text="Loading..." />
          ) : !rows?.length ? (
            <StateRow colSpan={headers.length} text={failed ? failedText : emptyText} />
          ) : (
            rows.map((row) => {
              const warning = mark?.(row);
              return (
                <tr key={row._id} className={warning ? 'admin-table__row--marked' : undefined}>
                  {columns.map((c, i) => (
                    <td key={c.label} data-label={c.label} className={c.className}>
                      {c.render(row)}
                      {i === 0 && warning && <span className="row-mark">{warning}</span>}
                    </td>
                  ))}
                  <td data-label="Action">
                    <a
                      className="btn btn--small"
                      href={detailsPath + encodeURIComponent(row._id)}
                      aria-label={linkLabel(row)}
                    >
                      {linkText}
                    </a>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function StateRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-table__state">
        {text}
      </td>
    </tr>
  );
}
