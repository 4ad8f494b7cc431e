import { useTranslation } from 'react-i18next';
import type { LineInput, StaffAllocation } from './allocations.api';
import { AllocationRow, type GridWine } from './allocation-row';
import { TableFrame } from '../../components/table-frame';

/**
 * Members × wines: one row per member (name, e-mail and tier fixed on the left), one column per
 * wine with the member's minimum and maximum, the header fixed on top while the grid scrolls.
 */
export function AllocationGrid({
  allocations,
  wines,
  canWrite,
  save,
  onRemove,
}: {
  allocations: StaffAllocation[];
  wines: GridWine[];
  canWrite: boolean;
  save: (input: { customerId: string; lines: LineInput[] }) => Promise<unknown>;
  onRemove: (allocation: StaffAllocation) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <TableFrame label={t('allocations.gridLabel')} className="alloc-grid-wrap">
      <table className="staff-table alloc-grid">
        <caption className="visually-hidden">{t('allocations.gridCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="alloc-grid__member">
              {t('allocations.columns.member')}
            </th>
            <th scope="col">{t('allocations.columns.invitation')}</th>
            {wines.map((wine) => (
              <th scope="col" key={wine.offeringWineId} className="alloc-grid__wine">
                {wine.title}
                <span className="alloc-grid__wine-hint">{t('allocations.columns.minMax')}</span>
              </th>
            ))}
            {canWrite ? (
              <th scope="col" className="alloc-grid__actions">
                {t('allocations.columns.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {allocations.map((allocation) => (
            <AllocationRow
              key={`${allocation.id}:${allocation.lines.map((line) => `${line.offeringWineId}=${line.minimum}-${line.maximum}`).join(',')}`}
              allocation={allocation}
              wines={wines}
              canWrite={canWrite}
              save={save}
              onRemove={onRemove}
            />
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
