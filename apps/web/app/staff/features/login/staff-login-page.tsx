import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../../../components/wordmark';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { TextInput } from '../../components/fields';
import { fieldErrorsOf } from '../../lib/field-errors';
import { safeStaffRedirect } from '../../layout/require-staff';
import { useStaffSignIn } from '../../session/staff-session.api';
import { useStaffToken } from '../../session/staff-session';

/** Staff sign in with their e-mail and password (POST /v1/staff/login), apart from members. */
export function StaffLoginPage() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = useStaffToken();
  const signIn = useStaffSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const target = safeStaffRedirect(params.get('redirectTo'));

  useEffect(() => {
    if (token) void navigate(target, { replace: true });
  }, [token, target, navigate]);

  const errors = fieldErrorsOf(signIn.error);
  const formError =
    signIn.error && Object.keys(errors).length === 0
      ? isApiError(signIn.error) && signIn.error.status === 401
        ? t('login.wrongCredentials')
        : errorMessage(signIn.error, t('login.failed'))
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <div className="staff-login">
      <main id="staff-main" className="staff-login__card" tabIndex={-1}>
        <div className="staff-login__brand">
          <Wordmark />
        </div>
        <h1 className="staff-login__title">{t('login.title')}</h1>
        <p className="staff-login__lede">{t('login.lede')}</p>
        <form className="staff-form" onSubmit={onSubmit} noValidate>
          {formError ? (
            <p className="staff-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <TextInput id="staff-email" label={t('login.email')} type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
          <TextInput
            id="staff-password"
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <button type="submit" className="button button--primary button--block" disabled={signIn.isPending} aria-busy={signIn.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
