import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ErrorState, LoadingState } from '../../components/states';
import { toastSaved } from '../../lib/toasts';
import { HistoryLink } from '../../components/history-link';
import { useSaveWine, useWine } from './wines.api';
import { WineForm } from './wine-form';
import { WinePicture } from './wine-picture';

export function NewWinePage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const save = useSaveWine();
  return (
    <>
      <PageHeader title={t('pages.wineNew.title')} eyebrow={<Link to="/staff/wines">{t('nav.wines')}</Link>} />
      <WineForm
        busy={save.isPending}
        error={save.error}
        submitLabel={t('wines.create')}
        onSubmit={(body) =>
          save.mutate(body, {
            onSuccess: (wine) => {
              toastSaved(t('wines.created', { name: wine.name }));
              void navigate('/staff/wines');
            },
          })
        }
      />
    </>
  );
}

export function EditWinePage() {
  const { t } = useTranslation('staff');
  const { wineId } = useParams();
  const wine = useWine(wineId);
  const save = useSaveWine(wineId);
  return (
    <>
      <PageHeader
        title={wine.data ? `${wine.data.name} ${wine.data.vintage}` : t('pages.wineEdit.title')}
        eyebrow={<Link to="/staff/wines">{t('nav.wines')}</Link>}
        lede={wine.data ? <HistoryLink entityId={wine.data.id} alone /> : undefined}
      />
      {wine.isPending ? <LoadingState /> : null}
      {wine.error ? <ErrorState error={wine.error} onRetry={() => void wine.refetch()} /> : null}
      {wine.data ? (
        <WineForm
          key={wine.data.id}
          wine={wine.data}
          busy={save.isPending}
          error={save.error}
          submitLabel={t('actions.saveChanges')}
          onSubmit={(body) => save.mutate(body, { onSuccess: (saved) => toastSaved(t('wines.saved', { name: saved.name })) })}
        />
      ) : null}
      {wine.data ? <WinePicture key={`picture-${wine.data.id}`} wine={wine.data} /> : null}
    </>
  );
}
