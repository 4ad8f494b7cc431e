import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WISH_GRANT_RULES } from '@winery/domain';
import { errorMessage } from '../../../lib/api-error';
import { wineTitle } from '../../../lib/wine-format';
import { DataTable } from '../../components/data-table';
import type { StaffOffering } from '../offerings/offerings.api';
import { toastSaved } from '../../lib/toasts';
import { WorkDialog } from '../allocations/work-dialog';
import { useBulkGrant, type WishBulkGrantResult, type WishGrantRule } from './wishes.api';

/**
 * "Grant leftover stock": staff choose the rule, read what each waiting wish would get and what
 * is left after, then confirm (the API never grants more than is left).
 */
export function BulkGrantDialog({ open, onClose, offering }: { open: boolean; onClose: () => void; offering: StaffOffering }) {
  const { t } = useTranslation('staff');
  const bulk = useBulkGrant(offering.id);
  const [rule, setRule] = useState<WishGrantRule>('proRata');
  const [preview, setPreview] = useState<WishBulkGrantResult | null>(null);
  const [failure, setFailure] = useState('');

  const close = () => {
    setPreview(null);
    setFailure('');
    onClose();
  };
  const run = (dryRun: boolean) => {
    setFailure('');
    bulk.mutate(
      { rule, dryRun },
      {
        onSuccess: (result) => {
          if (dryRun) setPreview(result);
          else {
            toastSaved(t('wishes.bulk.done', { count: result.grants.filter((grant) => grant.granted > 0).length }));
            close();
          }
        },
        onError: (error) => setFailure(errorMessage(error, t('states.saveFailed'))),
      },
    );
  };

  const granting = preview?.grants.filter((grant) => grant.granted > 0).length ?? 0;
  const wineName = (offeringWineId: string) => {
    const wine = offering.wines.find((each) => each.offeringWineId === offeringWineId);
    return wine ? wineTitle(wine) : offeringWineId;
  };

  return (
    <WorkDialog
      open={open}
      wide
      title={t('wishes.bulk.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--quiet" onClick={close}>
            {t('actions.cancel')}
          </button>
          <button type="button" className="button" onClick={() => run(true)} disabled={bulk.isPending}>
            {t('wishes.bulk.preview')}
          </button>
          <button type="button" className="button button--primary" onClick={() => run(false)} disabled={!preview || granting === 0 || bulk.isPending} aria-busy={bulk.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('wishes.bulk.confirm', { count: granting })}
          </button>
        </>
      }
    >
      <fieldset className="bulk-rule">
        <legend className="field__label">{t('wishes.bulk.rule')}</legend>
        {WISH_GRANT_RULES.map((each) => (
          <label key={each} className="bulk-rule__option">
            <input
              type="radio"
              name="grant-rule"
              value={each}
              checked={rule === each}
              onChange={() => {
                setRule(each);
                setPreview(null);
              }}
            />
            <span>
              <strong>{t(`wishes.bulk.rules.${each}.name`)}</strong> — {t(`wishes.bulk.rules.${each}.description`)}
            </span>
          </label>
        ))}
      </fieldset>
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <div aria-live="polite">
        {preview && preview.grants.length === 0 ? <p>{t('wishes.bulk.nothing')}</p> : null}
        {preview && preview.grants.length > 0 ? (
          <>
            <DataTable
              caption={t('wishes.bulk.previewCaption', { rule: t(`wishes.bulk.rules.${preview.rule}.name`) })}
              captionHidden={false}
              rows={preview.grants}
              rowKey={(grant) => grant.wishId}
              columns={[
                { key: 'member', header: t('wishes.columns.member'), cell: (grant) => grant.customerName },
                { key: 'wine', header: t('wishes.columns.wine'), cell: (grant) => grant.wineName },
                { key: 'asked', header: t('wishes.columns.asked'), numeric: true, cell: (grant) => grant.asked },
                { key: 'granted', header: t('wishes.columns.granted'), numeric: true, cell: (grant) => grant.granted },
              ]}
            />
            <p className="field__hint">
              {preview.leftAfter.map((each) => t('wishes.bulk.leftAfter', { wine: wineName(each.wineId), count: each.left })).join(' · ')}
            </p>
          </>
        ) : null}
      </div>
    </WorkDialog>
  );
}
