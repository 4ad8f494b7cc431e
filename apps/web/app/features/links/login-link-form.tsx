import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailOnlySchema, type EmailOnlyInput } from '@winery/domain';
import { TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-error';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useHydrated } from '../../lib/use-hydrated';
import { magicLinkPath, requestLoginLink, SIGN_IN_LINK_MINUTES } from './links.api';

const resolver = formResolver(EmailOnlySchema);

/** What /magic-link/{id} may show about the request that brought the member there. */
export interface MagicLinkState {
  email?: string;
}

/**
 * Asks for a sign-in link by e-mail, then shows the "check your e-mail" page. The answer is the
 * same whether or not the address belongs to a member, so nobody learns who is one.
 */
export function LoginLinkForm({ idPrefix = 'login-link', autoFocus = false }: { idPrefix?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { email: '' } });

  // Opened by the member's own choice: their next keystroke belongs in this field.
  useEffect(() => {
    if (autoFocus) setFocus('email');
  }, [autoFocus, setFocus]);

  const onSubmit = async (values: EmailOnlyInput) => {
    setProblem(null);
    try {
      const { requestId } = await requestLoginLink(values);
      const state: MagicLinkState = { email: values.email };
      void navigate(magicLinkPath(requestId), { state });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['email'])) return;
      setProblem(errorMessage(error, t('signInLink.failed')));
    }
  };

  return (
    <form className="form login-link-form" method="post" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="login-link-form">
      <p className="login-link-form__intro">{t('signInLink.intro', { minutes: SIGN_IN_LINK_MINUTES })}</p>
      <TextField
        id={`${idPrefix}-email`}
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      {problem ? (
        <div className="alert" role="alert" data-testid="login-link-problem">
          <p className="alert__title">{problem}</p>
        </div>
      ) : null}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!hydrated || isSubmitting}
        aria-busy={isSubmitting}
      >
        <span className="button__spinner" aria-hidden="true" />
        {t('signInLink.submit')}
      </button>
    </form>
  );
}
