import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@winery/domain';
import { SelectInput } from '../../components/fields';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import type { OfferingPhase, StaffOfferingSummary } from '../offerings/offerings.api';
import { staffApi } from '../../session/staff-api';
import { offeringTaskPath, type OfferingTask } from './offering-work-header';

const PHASES: OfferingPhase[] = ['open', 'scheduled', 'closed'];

/** Published offerings, the open ones first, then upcoming, then the latest closed. */
function useOfferingChoices() {
  return useQuery({
    queryKey: ['staff', 'offering-choices'],
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(PHASES.map((phase) => staffApi.get<Page<StaffOfferingSummary>>('/offerings', { phase, limit: 20 }, signal)));
      return pages.flatMap((page) => page.items);
    },
  });
}

/**
 * /staff/allocations, /staff/invitations, /staff/wishes from the navigation: these pages belong to
 * one offering, so first which one (the open one chosen already).
 */
export function ChooseOffering({ task }: { task: OfferingTask }) {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const choices = useOfferingChoices();
  const [picked, setPicked] = useState('');
  const offerings = choices.data ?? [];
  const value = picked || offerings[0]?.id || '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value) void navigate(offeringTaskPath(value, task));
  };

  return (
    <>
      <PageHeader title={t(`pages.${task}.title`)} lede={t('allocations.choose.lede')} />
      {choices.isPending ? <LoadingState /> : null}
      {choices.error ? <ErrorState error={choices.error} onRetry={() => void choices.refetch()} /> : null}
      {choices.data && offerings.length === 0 ? <EmptyState title={t('allocations.choose.none')} /> : null}
      {offerings.length > 0 ? (
        <form className="staff-toolbar choose-offering" onSubmit={onSubmit}>
          <SelectInput
            id="choose-offering"
            label={t('allocations.choose.label')}
            value={value}
            onChange={setPicked}
            options={offerings.map((offering) => ({ value: offering.id, label: t('allocations.choose.option', { name: offering.name, phase: t(`phases.${offering.phase}`) }) }))}
          />
          <button type="submit" className="button button--primary">
            {t('allocations.choose.submit')}
          </button>
        </form>
      ) : null}
    </>
  );
}
