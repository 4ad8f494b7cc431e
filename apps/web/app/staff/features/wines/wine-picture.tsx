import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { renderValidationMessage, sniffImageType, WINE_IMAGE_MAX_BYTES, WINE_IMAGE_MAX_MB } from '@winery/domain';
import { WineBottleImage } from '../../../components/wine-bottle-image';
import { Confirm } from '../../components/confirm';
import { TextInput } from '../../components/fields';
import { fieldErrorsOf, unplacedErrors, type FieldErrors } from '../../lib/field-errors';
import { toastFailed, toastSaved } from '../../lib/toasts';
import { useStaffRole } from '../../session/staff-session.api';
import { useRemoveWineImage, useSaveWineImage, type StaffWine } from './wines.api';

interface ChosenFile {
  name: string;
  /** `data:image/…;base64,…`: the preview (the policy admits data: pictures), and the upload after its comma. */
  dataUrl: string;
}

/** The file as a data: URL, read in the browser. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/**
 * A wine's picture in the console: what members see now (the upload, or the estate's artwork),
 * and for managers and admins a file to upload with its preview, its alt text, and removal.
 * The file is checked here as the API checks it (type by its first bytes, size), so most mistakes
 * are said before anything is sent; the API's own refusals land by the same fields.
 */
export function WinePicture({ wine }: { wine: StaffWine }) {
  const { t } = useTranslation('staff');
  const { canWrite } = useStaffRole();
  const title = `${wine.name} ${wine.vintage}`;
  const save = useSaveWineImage(wine.id);
  const remove = useRemoveWineImage(wine.id);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [alt, setAlt] = useState(wine.image?.alt ?? t('wineImage.altDefault', { wine: title }));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const headingId = useId();

  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const others = unplacedErrors(fieldErrorsOf(save.error), (path) => path === 'data' || path === 'altText');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    save.reset();
    setChosen(null);
    if (!file) return;
    const refuse = (code: string, values?: Record<string, number>) => setLocalErrors({ data: renderValidationMessage(code, values) });
    if (file.size > WINE_IMAGE_MAX_BYTES) return refuse('imageTooLarge', { limit: WINE_IMAGE_MAX_MB });
    try {
      if (!sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return refuse('imageType');
      setChosen({ name: file.name, dataUrl: await readAsDataUrl(file) });
      setLocalErrors({});
    } catch {
      setLocalErrors({ data: t('wineImage.readFailed') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen && !wine.image) return setLocalErrors({ data: renderValidationMessage('imageRequired') });
    setLocalErrors({});
    const data = chosen ? chosen.dataUrl.slice(chosen.dataUrl.indexOf(',') + 1) : undefined;
    save.mutate(
      { altText: alt, data },
      {
        onSuccess: () => {
          toastSaved(t(chosen ? 'wineImage.uploaded' : 'wineImage.altSaved', { wine: title }));
          setChosen(null);
          setFileKey((key) => key + 1);
        },
      },
    );
  };

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toastSaved(t('wineImage.removed', { wine: title }));
      },
      onError: (error) => {
        setConfirming(false);
        toastFailed(error);
      },
    });

  return (
    <section className="staff-section wine-picture" aria-labelledby={headingId} data-testid="wine-picture">
      <div className="staff-section__head">
        <h2 id={headingId} className="staff-section__title">
          {t('wineImage.title')}
        </h2>
      </div>
      <p className="staff-page-header__lede">{t('wineImage.lede')}</p>
      <div className="wine-picture__body">
        <figure className="wine-picture__current">
          <WineBottleImage image={wine.image} name={wine.name} alt={t('wineImage.altDefault', { wine: title })} sizes="96px" className="wine-bottle wine-picture__image" />
          <figcaption>{wine.image ? t('wineImage.current') : t('wineImage.artwork')}</figcaption>
        </figure>
        {canWrite ? (
          <form className="staff-form wine-picture__form" onSubmit={submit} noValidate aria-labelledby={headingId}>
            {others.length > 0 ? (
              <div className="staff-form__error" role="alert">
                {others.join(' ')}
              </div>
            ) : null}
            <div className={`field staff-field${errors.data ? ' field--invalid' : ''}`}>
              <label htmlFor="wine-picture-file" className="field__label">
                {wine.image ? t('wineImage.replaceFile') : t('wineImage.file')}
              </label>
              <input
                key={fileKey}
                id="wine-picture-file"
                className="field__input wine-picture__file"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => void choose(event)}
                aria-invalid={errors.data ? true : undefined}
                aria-describedby={`wine-picture-file-hint${errors.data ? ' wine-picture-file-error' : ''}`}
              />
              <p id="wine-picture-file-hint" className="field__hint">
                {t('wineImage.fileHint')}
              </p>
              {errors.data ? (
                <p id="wine-picture-file-error" className="field__error" data-testid="wine-picture-error">
                  {errors.data}
                </p>
              ) : null}
            </div>
            {chosen ? (
              <img className="wine-picture__preview" src={chosen.dataUrl} alt={t('wineImage.preview', { file: chosen.name })} data-testid="wine-picture-preview" />
            ) : null}
            <TextInput id="wine-picture-alt" label={t('wineImage.alt')} hint={t('wineImage.altHint')} value={alt} onChange={setAlt} error={errors.altText} maxLength={200} />
            <div className="staff-form__footer">
              <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
                <span className="button__spinner" aria-hidden="true" />
                {chosen || !wine.image ? t('wineImage.upload') : t('wineImage.saveAlt')}
              </button>
              {wine.image ? (
                <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
                  {t('wineImage.remove')}
                </button>
              ) : null}
            </div>
          </form>
        ) : null}
      </div>
      <Confirm
        open={confirming}
        title={t('wineImage.removeTitle')}
        body={t('wineImage.removeBody', { wine: title })}
        confirmLabel={t('wineImage.remove')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
