import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../lib/field-errors';
import { TableFrame } from './table-frame';

/**
 * What a cell holds, which sets its field's width and keyboard: `code` a country's or state's code,
 * `count` a whole number (bottles), `number` a decimal (a rate), `money` dollars and cents.
 */
export type CellKind = 'text' | 'code' | 'count' | 'number' | 'money' | 'check' | 'long';
export type EditableRow = Record<string, string | boolean>;

export interface EditableColumn {
  /** The API's field name: errors at `<path>.<row>.<key>` show in this cell. */
  key: string;
  header: string;
  kind: CellKind;
  hint?: string;
}

/**
 * A table whose cells are fields: rows are added and removed, and an error of the API appears
 * under its cell. Each field is labelled by its column and row ("Country, row 3"). On a phone each
 * row is a card ("Row 3"), each field beside its column's name (staff-table--cards), the table's
 * roles written out as in DataTable; wider, a row's Remove stays at the table's right edge.
 */
export function EditableTable({
  id,
  caption,
  path,
  columns,
  rows,
  errors,
  disabled,
  onChange,
  newRow,
}: {
  id: string;
  caption: string;
  path: string;
  columns: EditableColumn[];
  rows: EditableRow[];
  errors: FieldErrors;
  disabled: boolean;
  onChange: (rows: EditableRow[]) => void;
  newRow: () => EditableRow;
}) {
  const { t } = useTranslation('staff');
  const set = (index: number, key: string, value: string | boolean) => onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <>
      <TableFrame label={t('editable.regionLabel', { caption })}>
        <table className="staff-table staff-table--editable staff-table--cards" role="table">
          <caption className="visually-hidden">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader" className="staff-table__num">
                {t('editable.row')}
              </th>
              {columns.map((column) => (
                <th scope="col" role="columnheader" key={column.key}>
                  {column.header}
                </th>
              ))}
              {disabled ? null : (
                <th scope="col" role="columnheader" className="staff-table__sticky-end">
                  <span className="visually-hidden">{t('editable.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row, index) => (
              <tr role="row" key={index}>
                <td role="cell" className="staff-table__num staff-table__primary">
                  <span className="editable-row__short">{index + 1}</span>
                  <span className="editable-row__title">{t('editable.rowTitle', { row: index + 1 })}</span>
                </td>
                {columns.map((column) => {
                  const cellId = `${id}-${index}-${column.key}`;
                  const error = errors[`${path}.${index}.${column.key}`];
                  const label = t('editable.cellLabel', { column: column.header, row: index + 1 });
                  const common = {
                    id: cellId,
                    'aria-label': label,
                    'aria-invalid': error ? (true as const) : undefined,
                    'aria-describedby': error ? `${cellId}-error` : undefined,
                    disabled,
                  };
                  const value = row[column.key];
                  return (
                    <td role="cell" key={column.key} className={error ? 'field--invalid' : undefined} data-label={column.header}>
                      {column.kind === 'check' ? (
                        <input type="checkbox" className="staff-check" checked={value === true} onChange={(event) => set(index, column.key, event.target.checked)} {...common} />
                      ) : column.kind === 'long' ? (
                        <textarea className="field__input field__textarea" rows={3} value={String(value ?? '')} onChange={(event) => set(index, column.key, event.target.value)} {...common} />
                      ) : (
                        <input
                          className={`field__input editable-cell--${column.kind}${column.kind === 'text' || column.kind === 'code' ? '' : ' staff-table__num'}`}
                          inputMode={column.kind === 'count' ? 'numeric' : column.kind === 'money' || column.kind === 'number' ? 'decimal' : undefined}
                          autoCapitalize={column.kind === 'code' ? 'characters' : undefined}
                          spellCheck={column.kind === 'code' ? false : undefined}
                          value={String(value ?? '')}
                          onChange={(event) => set(index, column.key, event.target.value)}
                          {...common}
                        />
                      )}
                      {error ? (
                        <p className="field__error" id={`${cellId}-error`}>
                          {error}
                        </p>
                      ) : null}
                    </td>
                  );
                })}
                {disabled ? null : (
                  <td role="cell" className="staff-table__sticky-end">
                    <button type="button" className="button button--small button--quiet" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                      {t('actions.remove')}
                      <span className="visually-hidden"> {t('editable.rowNumber', { row: index + 1 })}</span>
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {errors[path] ? <p className="field__error">{errors[path]}</p> : null}
      {disabled ? null : (
        <button type="button" className="button button--small button--quiet staff-add-row" onClick={() => onChange([...rows, newRow()])}>
          {t('editable.addRow')}
        </button>
      )}
    </>
  );
}
