import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createFoundersListSchema,
  IDEAL_ALLOCATION_MAX_LENGTH,
  type FoundersListInput,
} from '@winery/domain';
import { PRIMARY_BRAND } from '../../content/brands/contacts';
import { BrandContactDetails } from '../../components/brand-contact';
import { TextAreaField } from '../../components/form-field';
import { formResolver } from '../../lib/form-resolver';
import { useHydrated } from '../../lib/use-hydrated';
import { joinFailure } from './join-failure';
import { useMinimumAge } from './minimum-age';
import { joinFoundersList } from './join-request.api';
import { emptyProspect, PROSPECT_FIELDS, ProspectFields } from './prospect-fields';

const FOUNDERS_FIELDS = [...PROSPECT_FIELDS, 'idealAllocation'] as const;

/**
 * /founders-list (Founder's List sign-up; the header shows no navigation here): the same person and
 * address as Join Allocation, plus the ideal allocation. The thank-you replaces the form on the page.
 */
export function FoundersListPage() {
  const { t } = useTranslation();
  const [joinedAs, setJoinedAs] = useState<string | null>(null);

  return (
    <div className="page join-page join-page--founders">
      <header className="join-page__header">
        <p className="eyebrow">{t('foundersList.eyebrow')}</p>
        <h1 className="page-title">{t('foundersList.heading')}</h1>
        {joinedAs === null ? <p className="lede">{t('foundersList.intro')}</p> : null}
      </header>
      {joinedAs === null ? (
        <div className="join-page__layout">
          <div className="card join-card">
            <FoundersListForm onJoined={setJoinedAs} />
          </div>
          <aside className="join-page__aside" aria-labelledby="founders-about-heading">
            <h2 id="founders-about-heading" className="join-page__aside-heading">
              {t('foundersList.aboutHeading')}
            </h2>
            <p>{t('foundersList.about')}</p>
            <p>{t('foundersList.aboutOffering')}</p>
          </aside>
        </div>
      ) : (
        <FoundersListThanks firstName={joinedAs} />
      )}
    </div>
  );
}

function FoundersListThanks({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the prospect was in has gone: take them (and their screen reader) to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="join-done join-done--inline" aria-labelledby="founders-thanks-heading" data-testid="founders-list-thanks">
      <h2 id="founders-thanks-heading" className="section-heading join-done__heading" ref={heading} tabIndex={-1}>
        {t('foundersList.thanksHeading', { name: firstName })}
      </h2>
      <p className="lede">{t('foundersList.thanks')}</p>
      <p>{t('foundersList.thanksEmail')}</p>
      <section className="card join-done__contact" aria-labelledby="founders-contact-heading">
        <h3 id="founders-contact-heading" className="section-heading">
          {t('allocationRequest.contactHeading')}
        </h3>
        <p className="muted">{t('allocationRequest.contactText')}</p>
        <BrandContactDetails brand={PRIMARY_BRAND} />
      </section>
      <p className="join-done__links">
        <Link to="/grand-crus" className="button button--primary">
          {t('allocationRequest.grandCrus')}
        </Link>
      </p>
    </section>
  );
}

function FoundersListForm({ onJoined }: { onJoined: (firstName: string) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const minimumAge = useMinimumAge();
  const resolver = useMemo(() => formResolver(createFoundersListSchema({ minimumAge })), [minimumAge]);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { ...emptyProspect(), idealAllocation: '' } });

  const onSubmit = async (values: FoundersListInput) => {
    setProblem(null);
    try {
      await joinFoundersList(values);
      onJoined(values.firstName);
    } catch (error) {
      setProblem(joinFailure(error, setError, FOUNDERS_FIELDS, t('join.failed')));
    }
  };

  return (
    <form className="form join-form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="founders-list-form">
      <ProspectFields
        idPrefix="founders"
        register={register}
        errors={errors}
        country={watch('countryCode') ?? ''}
        onCountryChange={() => setValue('stateCode', '')}
        minimumAge={minimumAge}
      />
      <fieldset className="join-form__group">
        <legend className="join-form__legend">{t('foundersList.allocationGroup')}</legend>
        <TextAreaField
          id="founders-ideal-allocation"
          label={t('foundersList.idealAllocation')}
          hint={t('foundersList.idealAllocationHint')}
          maxLength={IDEAL_ALLOCATION_MAX_LENGTH}
          registration={register('idealAllocation')}
          error={errors.idealAllocation?.message}
        />
      </fieldset>
      {problem ? (
        <div className="alert" role="alert" data-testid="join-problem">
          <p className="alert__title">{problem}</p>
        </div>
      ) : null}
      <div className="join-form__actions">
        <button type="submit" className="button button--primary" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('foundersList.submit')}
        </button>
        <p className="join-form__note">{t('join.privacy')}</p>
      </div>
    </form>
  );
}
