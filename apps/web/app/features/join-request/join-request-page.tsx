import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createJoinAllocationSchema, LOGIN_PATH, type JoinAllocationInput } from '@winery/domain';
import { formResolver } from '../../lib/form-resolver';
import { useHydrated } from '../../lib/use-hydrated';
import { joinFailure } from './join-failure';
import { useMinimumAge } from './minimum-age';
import { JOIN_REQUEST_SENT_PATH, sendJoinRequest } from './join-request.api';
import { emptyProspect, PROSPECT_FIELDS, ProspectFields } from './prospect-fields';

/** What /allocation-request may say about the request that brought the prospect there. */
export interface JoinRequestSentState {
  firstName?: string;
}

/**
 * /allocation (Join Allocation): a prospect asks for a place on the allocation list. The page is
 * prerendered; the form sends once the app has taken over, then the prospect reads what happens next.
 */
export function JoinRequestPage() {
  const { t } = useTranslation();
  return (
    <div className="page join-page">
      <header className="join-page__header">
        <p className="eyebrow">{t('join.eyebrow')}</p>
        <h1 className="page-title">{t('join.heading')}</h1>
        <p className="lede">{t('join.intro')}</p>
      </header>
      <div className="join-page__layout">
        <div className="card join-card">
          <JoinRequestForm />
        </div>
        <aside className="join-page__aside" aria-labelledby="join-how-heading">
          <h2 id="join-how-heading" className="join-page__aside-heading">
            {t('join.howHeading')}
          </h2>
          <ol className="join-steps">
            <li>{t('join.howReview')}</li>
            <li>{t('join.howInvite')}</li>
            <li>{t('join.howOffering')}</li>
          </ol>
          <p className="join-page__member">
            {t('join.alreadyMember')} <Link to={LOGIN_PATH}>{t('join.signIn')}</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}

function JoinRequestForm() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const minimumAge = useMinimumAge();
  const resolver = useMemo(() => formResolver(createJoinAllocationSchema({ minimumAge })), [minimumAge]);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: emptyProspect() });

  const onSubmit = async (values: JoinAllocationInput) => {
    setProblem(null);
    try {
      await sendJoinRequest(values);
      const state: JoinRequestSentState = { firstName: values.firstName };
      void navigate(JOIN_REQUEST_SENT_PATH, { state });
    } catch (error) {
      setProblem(joinFailure(error, setError, PROSPECT_FIELDS, t('join.failed')));
    }
  };

  return (
    <form className="form join-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="join-allocation-form">
      <ProspectFields
        idPrefix="join"
        register={register}
        errors={errors}
        country={watch('countryCode') ?? ''}
        onCountryChange={() => setValue('stateCode', '')}
        minimumAge={minimumAge}
      />
      {problem ? (
        <div className="alert" role="alert" data-testid="join-problem">
          <p className="alert__title">{problem}</p>
        </div>
      ) : null}
      <div className="join-form__actions">
        {/* Enabled once the app has hydrated: only the app can send the request. */}
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('join.submit')}
        </button>
        <p className="join-form__note">{t('join.privacy')}</p>
      </div>
    </form>
  );
}
