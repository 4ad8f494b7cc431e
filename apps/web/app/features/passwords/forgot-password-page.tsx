import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmailOnlySchema, LOGIN_PATH, type EmailOnlyInput } from '@winery/domain';
import { TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-error';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useHydrated } from '../../lib/use-hydrated';
import { FORGOT_PASSWORD_SUCCESS_PATH, RESET_LINK_MINUTES, requestPasswordReset } from './passwords.api';

const resolver = formResolver(EmailOnlySchema);

/** What /forgot-password-success may repeat: the address the link went to. */
export interface ForgotPasswordState {
  email?: string;
}

/** /forgot-password: the member's e-mail address, for a link that sets a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['common', 'notification']);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '' } });

  const onSubmit = async (values: EmailOnlyInput) => {
    setProblem(null);
    try {
      await requestPasswordReset(values);
      toast.success(t('notification:forgotPassword.success'));
      const state: ForgotPasswordState = { email: values.email };
      void navigate(FORGOT_PASSWORD_SUCCESS_PATH, { state });
    } catch (error) {
      toast.error(t('notification:forgotPassword.error'));
      if (applyServerFieldErrors(error, setError, ['email'])) return;
      setProblem(errorMessage(error, t('notification:forgotPassword.error')));
    }
  };

  return (
    <div className="page page--narrow password-page">
      <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
      <h1 className="page-title">{t('forgotPassword.heading')}</h1>
      <p className="lede">{t('forgotPassword.intro', { minutes: RESET_LINK_MINUTES })}</p>
      <div className="card">
        <form className="form" method="post" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="forgot-password-form">
          <TextField
            id="forgot-email"
            label={t('login.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            registration={register('email')}
            error={errors.email?.message}
          />
          {problem ? (
            <div className="alert" role="alert" data-testid="forgot-password-problem">
              <p className="alert__title">{problem}</p>
            </div>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting}>
            <span className="button__spinner" aria-hidden="true" />
            {t('forgotPassword.submit')}
          </button>
        </form>
      </div>
      <p className="password-page__back">
        {t('forgotPassword.remembered')} <Link to={LOGIN_PATH}>{t('forgotPassword.backToLogin')}</Link>
      </p>
    </div>
  );
}
