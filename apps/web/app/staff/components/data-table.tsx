import type { ReactNode } from 'react';
import { TableFrame } from './table-frame';

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
  /**
   * What names the column's value on a phone, where each row reads as a card of labelled values:
   * the header's text when it is text; '' for none. A column without one (a row's checkbox, its
   * actions) spans the card's width.
   */
  label?: string;
  /** The row's title on a phone's card (a name, an order's number): first, and without a label. */
  primary?: boolean;
}

/**
 * A plain table: rows are read by screen readers as a table, and what can be done with a row is a
 * link or a button in it, so the keyboard reaches it. A wide table scrolls in its frame (TableFrame).
 * On a phone each row reads as a card, every value under its column's name (a CSS label that the
 * accessibility tree leaves out: the cell keeps its header), so nothing waits behind a sideways
 * scroll; the header row then shows only what can be used (a "select every row" box). The table's
 * roles are written out: some browsers stop reading a table as one once its display is changed.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  captionHidden = true,
  rowAttributes,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  captionHidden?: boolean;
  /** data-* attributes of a row, for what finds a row by its data (tests, scripts). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
}) {
  return (
    <TableFrame label={caption}>
      <table className="staff-table staff-table--cards" role="table">
        <caption className={captionHidden ? 'visually-hidden' : 'staff-table__caption'}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" role="columnheader" className={classes(column.numeric && 'staff-table__num', column.sticky && 'staff-table__sticky-end')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} role="row" {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  role="cell"
                  className={classes(column.numeric && 'staff-table__num', column.sticky && 'staff-table__sticky-end', column.primary && 'staff-table__primary', column.className)}
                  data-label={labelOf(column)}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * A column of checkboxes: one a row, and in the header one for every row shown, whose words show
 * beside it on a phone (on a wider screen the box heads its column alone).
 */
export function selectColumn<T>({
  allLabel,
  allChecked,
  onAll,
  rowLabel,
  isChecked,
  onToggle,
}: {
  allLabel: string;
  allChecked: boolean;
  onAll: (checked: boolean) => void;
  rowLabel: (row: T) => string;
  isChecked: (row: T) => boolean;
  onToggle: (row: T, checked: boolean) => void;
}): Column<T> {
  return {
    key: 'select',
    className: 'staff-table__select',
    header: (
      <label className="staff-select-all">
        <input type="checkbox" className="staff-check" checked={allChecked} onChange={(event) => onAll(event.target.checked)} />
        <span className="visually-hidden staff-select-all__text">{allLabel}</span>
      </label>
    ),
    cell: (row) => (
      <input type="checkbox" className="staff-check" aria-label={rowLabel(row)} checked={isChecked(row)} onChange={(event) => onToggle(row, event.target.checked)} />
    ),
  };
}

const labelOf = <T,>(column: Column<T>): string | undefined => {
  if (column.primary) return undefined;
  const label = column.label ?? (typeof column.header === 'string' ? column.header : '');
  return label === '' ? undefined : label;
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;
