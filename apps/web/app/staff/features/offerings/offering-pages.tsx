import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { toastSaved } from '../../lib/toasts';
import { formatDateTime } from '../../lib/time-zone';
import { useTimeZone } from '../../session/staff-session.api';
import { draftOf, emptyDraft } from './offering-draft';
import { OfferingActions } from './offering-actions';
import { OfferingForm } from './offering-form';
import { useCreateOffering, useOffering, useUpdateOffering } from './offerings.api';

export function NewOfferingPage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const create = useCreateOffering();
  return (
    <>
      <PageHeader title={t('pages.offeringNew.title')} eyebrow={<Link to="/staff/offerings">{t('nav.offerings')}</Link>} />
      <OfferingForm
        initial={emptyDraft()}
        busy={create.isPending}
        error={create.error}
        buttons={[
          { key: 'draft', label: t('offerings.saveDraft'), status: 'draft', primary: true },
          { key: 'publish', label: t('offerings.createPublished'), status: 'published' },
        ]}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (offering) => {
              toastSaved(t('offerings.created', { name: offering.name }));
              void navigate(`/staff/offerings/${offering.id}`);
            },
          })
        }
      />
    </>
  );
}

export function EditOfferingPage() {
  const { t } = useTranslation('staff');
  const { offeringId = '' } = useParams();
  const timeZone = useTimeZone();
  const offering = useOffering(offeringId);
  const update = useUpdateOffering(offeringId);
  const data = offering.data;

  return (
    <>
      <PageHeader
        title={data?.name ?? t('pages.offeringEdit.title')}
        eyebrow={<Link to="/staff/offerings">{t('nav.offerings')}</Link>}
        lede={
          data ? (
            <>
              <StatusBadge tone={data.status === 'draft' ? 'quiet' : data.phase === 'open' ? 'positive' : 'neutral'}>
                {t(`phases.${data.status === 'draft' ? 'draft' : data.phase}`)}
              </StatusBadge>{' '}
              {data.closedEarlyAt ? t('offerings.closedEarlyAt', { at: formatDateTime(data.closedEarlyAt, timeZone) }) : null}
            </>
          ) : null
        }
        actions={data ? <OfferingActions offering={data} /> : null}
      />
      {data ? (
        <nav className="staff-subnav" aria-label={t('offerings.tasks.label')}>
          {(['allocations', 'invitations', 'wishes'] as const).map((task) => (
            <Link key={task} className="staff-subnav__link" to={`/staff/offerings/${data.id}/${task}`}>
              {t(`nav.${task}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {offering.isPending ? <LoadingState /> : null}
      {offering.error ? <ErrorState error={offering.error} onRetry={() => void offering.refetch()} /> : null}
      {data ? (
        <OfferingForm
          // A fresh form for another offering (after Duplicate) or a newer version of this one.
          key={`${data.id}:${data.status ?? ''}`}
          initial={draftOf(data, timeZone)}
          keep={{ letter: data.letter, vintageNotes: data.vintageNotes, startDate: data.startDate, endDate: data.endDate }}
          startLocked={data.status !== 'draft' && data.phase !== 'scheduled'}
          busy={update.isPending}
          error={update.error}
          buttons={[{ key: 'save', label: t('actions.saveChanges'), primary: true }]}
          onSubmit={(body) => update.mutate(body, { onSuccess: (saved) => toastSaved(t('offerings.saved', { name: saved.name })) })}
        />
      ) : null}
    </>
  );
}
