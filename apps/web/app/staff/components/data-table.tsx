import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  className?: string;
}

/**
 * A plain table: rows are read by screen readers as a table, and what can be done with a row is a
 * link or a button in it, so the keyboard reaches it. Wide tables scroll inside a focusable region.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden = true,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  captionHidden?: boolean;
}) {
  return (
    <div className="staff-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="staff-table">
        <caption className={captionHidden ? 'visually-hidden' : 'staff-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'staff-table__num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.key} className={[column.numeric ? 'staff-table__num' : '', column.className ?? ''].join(' ').trim() || undefined}>
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
