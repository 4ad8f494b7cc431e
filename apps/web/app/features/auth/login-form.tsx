import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LoginSchema, type LoginInput } from '@winery/domain';
import { TextField } from '../../components/form-field';
import { errorMessage, isApiError } from '../../lib/api-error';
import { formResolver } from '../../lib/form-resolver';
import { useHydrated } from '../../lib/use-hydrated';
import { track } from '../../lib/analytics/analytics';
import { FORGOT_PASSWORD_PATH } from '../passwords/passwords.api';
import { useSignIn } from './sign-in';


/**
 * Signs a member in. Where they go next is the page's decision (LoginPage): the address they asked
 * for, else their own starting point.
 */
export function LoginForm() {
  const { t } = useTranslation(['common', 'notification']);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { signIn } = useSignIn();
  const [invalidCredentials, setInvalidCredentials] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(LoginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginInput) => {
    setInvalidCredentials(false);
    try {
      await signIn(values);
      toast.success(t('notification:login.success'));
    } catch (error) {
      // Never the password: only what kind of failure it was.
      track('Login Failed', {
        reason: isApiError(error) ? error.type : 'other',
        status: isApiError(error) ? error.status : undefined,
      });
      if (isApiError(error) && error.status === 401) {
        setInvalidCredentials(true);
        toast.error(t('notification:login.invalidCredentials'), {
          description: t('notification:login.invalidCredentialsDescription'),
          action: {
            label: t('notification:login.forgotPassword'),
            onClick: () => void navigate(FORGOT_PASSWORD_PATH),
          },
        });
        return;
      }
      if (isApiError(error) && error.type === 'validationError' && error.errors.length > 0) {
        for (const fieldError of error.errors) {
          if (fieldError.field === 'email' || fieldError.field === 'password') {
            setError(fieldError.field, { message: fieldError.message });
          }
        }
        return;
      }
      toast.error(errorMessage(error, t('notification:login.failed')));
    }
  };

  return (
    // method="post": should the form ever be submitted before the app takes over, the password
    // travels in a request body, never in an address that browsers and servers keep.
    <form
      className="form login-form"
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-describedby={invalidCredentials ? 'login-error' : undefined}
    >
      <TextField
        id="login-email"
        label={t('login.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="login-password"
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <p className="login-form__forgot">
        <Link to={FORGOT_PASSWORD_PATH}>{t('login.forgotPasswordPrompt')}</Link>
      </p>
      {/* Enabled once the app has hydrated: only the app can sign in. */}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={!hydrated || isSubmitting}
        aria-busy={isSubmitting}
      >
        <span className="button__spinner" aria-hidden="true" />
        {t('login.submit')}
      </button>
      {invalidCredentials ? (
        <div id="login-error" className="alert alert--error" role="alert" data-testid="login-error">
          <p className="alert__title">{t('notification:login.invalidCredentials')}</p>
          <p>
            {t('notification:login.invalidCredentialsDescription')}{' '}
            <Link to={FORGOT_PASSWORD_PATH}>{t('notification:login.forgotPassword')}</Link>
          </p>
        </div>
      ) : null}
    </form>
  );
}
