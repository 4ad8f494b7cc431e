import type { ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  className?: string;
  /**
   * 'end': the column stays at the table's right edge while the rest scrolls under it, for the
   * row's actions, which a narrow window would otherwise hide past the table's edge.
   */
  sticky?: 'end';
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
              <th key={column.key} scope="col" className={classes(column.numeric && 'staff-table__num', column.sticky && 'staff-table__sticky-end')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.key} className={classes(column.numeric && 'staff-table__num', column.sticky && 'staff-table__sticky-end', column.className)}>
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

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
