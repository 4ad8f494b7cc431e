import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BottleVerificationSchema, type BottleVerificationInput, type BottleVerificationResult } from '@winery/domain';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { TextField } from '../../components/form-field';
import { isApiError } from '../../lib/api-error';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { formatDate, formatNumber } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { formatBottleSize, wineTitle } from '../../lib/wine-format';
import { CAUTION_AFTER_CHECKS, verifyBottle } from './bottles.api';

const resolver = formResolver(BottleVerificationSchema);
/** What the last check answered: the bottle, or why it could not be verified. */
type Outcome =
  | { kind: 'verified'; result: BottleVerificationResult }
  | { kind: 'notValid' }
  /** A 429: the server's own sentence says how long to wait. */
  | { kind: 'limited'; message: string }
  | { kind: 'failed' };

/** /bottle-verification: a visitor types the ID on a label and learns whether it is ours. */
export function BottleVerificationPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { bottleId: '' } });

  const onSubmit = async (values: BottleVerificationInput) => {
    setOutcome(null);
    try {
      setOutcome({ kind: 'verified', result: await verifyBottle(values) });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return setOutcome({ kind: 'notValid' });
      if (isApiError(error) && error.status === 429 && error.message) return setOutcome({ kind: 'limited', message: error.message });
      if (applyServerFieldErrors(error, setError, ['bottleId'])) return;
      setOutcome({ kind: 'failed' });
    }
  };

  return (
    <div className="page page--narrow bottle-page">
      <p className="eyebrow">
        {t('brand.wordmark')} {t('brand.wordmarkSuffix')}
      </p>
      <h1 className="page-title">{t('bottleVerification.heading')}</h1>
      <p className="lede">{t('bottleVerification.intro')}</p>
      <div className="card">
        <form className="form bottle-form" method="post" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="bottle-form">
          <TextField
            id="bottle-id"
            label={t('bottleVerification.label')}
            className="bottle-form__field"
            placeholder="A123-B89Z"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={20}
            hint={t('bottleVerification.hint')}
            registration={register('bottleId')}
            error={errors.bottleId?.message}
          />
          {/* Enabled once the app has hydrated: only the app can check a bottle. */}
          <button type="submit" className="button button--primary button--block" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
            <span className="button__spinner" aria-hidden="true" />
            {t('bottleVerification.submit')}
          </button>
        </form>
        {/* Present from the start, so screen readers announce what appears in it. */}
        <div role="status" className="bottle-result__live" data-testid="bottle-status">
          {outcome?.kind === 'verified' ? <VerifiedBottle result={outcome.result} /> : null}
        </div>
        {outcome && outcome.kind !== 'verified' ? (
          <div className="alert bottle-result__problem" role="alert" data-testid="bottle-problem">
            <p className="alert__title">
              {outcome.kind === 'notValid'
                ? t('bottleVerification.notValid')
                : outcome.kind === 'limited'
                  ? outcome.message
                  : t('bottleVerification.failed')}
            </p>
            {outcome.kind === 'notValid' ? <p>{t('bottleVerification.notValidHint')}</p> : null}
            {outcome.kind === 'failed' ? <p>{t('bottleVerification.failedHint')}</p> : null}
          </div>
        ) : null}
      </div>
      <p className="bottle-page__privacy">{t('bottleVerification.privacy')}</p>
    </div>
  );
}

function VerifiedBottle({ result }: { result: BottleVerificationResult }) {
  const { t } = useTranslation();
  const many = result.verificationCount > CAUTION_AFTER_CHECKS;
  return (
    <div className={`bottle-result${many ? ' bottle-result--caution' : ''}`} data-testid="bottle-verified">
      <p className="bottle-result__title">
        {t('bottleVerification.verifiedPrefix')}
        <strong>
          {t('bottleVerification.verifiedBottle', { wine: wineTitle({ name: result.wine, vintage: result.vintage, sizeMl: result.sizeMl }), number: formatNumber(result.bottleNumber) })}
        </strong>
      </p>
      <ul className="bottle-result__facts">
        <li>
          {t('bottleVerification.label')}: <span className="bottle-result__id">{result.bottleId}</span>
        </li>
        <li>{t('bottleVerification.size', { size: formatBottleSize(result.sizeMl) })}</li>
        <li data-testid="bottle-first-verified">{t('bottleVerification.firstVerified', { date: formatDate(result.firstVerifiedAt) })}</li>
        <li data-testid="bottle-count">{t('bottleVerification.count', { count: result.verificationCount })}</li>
      </ul>
      {many ? (
        <p className="bottle-result__caution" data-testid="bottle-caution">
          {t('bottleVerification.caution')} <a href={`mailto:${PRIMARY_BRAND.email}`}>{t('bottleVerification.contact')}</a>
        </p>
      ) : null}
    </div>
  );
}
