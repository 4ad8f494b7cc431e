import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@winery/domain';
import { Wordmark } from '../../../components/wordmark';
import { errorMessage } from '../../../lib/api-error';
import { TextInput } from '../../components/fields';
import { fieldErrorsOf } from '../../lib/field-errors';
import { toastSaved } from '../../lib/toasts';
import { useCreateStaffPassword } from './accounts.api';

/**
 * /staff/create-password/:token: a colleague an admin invited chooses their password, and is then
 * signed in to the console. A used or expired link says so (the API's `linkInvalid` on token).
 */
export function CreateStaffPasswordPage() {
  const { t } = useTranslation('staff');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const create = useCreateStaffPassword();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const errors = fieldErrorsOf(create.error);
  const formError = errors.token ?? (create.error && !errors.password && !errors.confirmPassword ? errorMessage(create.error, t('accounts.createPassword.failed')) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: ({ staff }) => {
          toastSaved(t('accounts.createPassword.welcome', { name: staff.name }));
          void navigate('/staff', { replace: true });
        },
      },
    );
  };

  return (
    <div className="staff-login">
      <main id="staff-main" className="staff-login__card" tabIndex={-1}>
        <div className="staff-login__brand">
          <Wordmark />
        </div>
        <h1 className="staff-login__title">{t('accounts.createPassword.title')}</h1>
        <p className="staff-login__lede">{t('accounts.createPassword.lede')}</p>
        <form className="staff-form" onSubmit={onSubmit} noValidate>
          {formError ? (
            <p className="staff-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <TextInput
            id="staff-new-password"
            label={t('accounts.createPassword.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={t('accounts.createPassword.hint', { min: PASSWORD_MIN_LENGTH })}
          />
          <TextInput
            id="staff-confirm-password"
            label={t('accounts.createPassword.confirm')}
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
            error={errors.confirmPassword}
          />
          <button type="submit" className="button button--primary button--block" disabled={create.isPending} aria-busy={create.isPending}>
            <span className="button__spinner" aria-hidden="true" />
            {t('accounts.createPassword.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
