import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChangePasswordSchema, type ChangePasswordInput } from '@winery/domain';
import { TextField } from '../../components/form-field';
import { applyServerFieldErrors, toastFailure } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { useChangePassword } from './customer.api';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const resolver = formResolver(ChangePasswordSchema);

export function PasswordForm({ email }: { email: string | undefined }) {
  const { t } = useTranslation(['common', 'notification']);
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: EMPTY });

  const onSubmit = async (values: ChangePasswordInput) => {
    try {
      await changePassword.run(values);
      // Nothing of a password stays on screen or in the form once it has done its job.
      reset(EMPTY);
      toast.success(t('notification:password.changeSuccess'));
    } catch (error) {
      applyServerFieldErrors(error, setError, PASSWORD_FIELDS);
      toastFailure(t('notification:password.changeFailed'), error);
    }
  };

  return (
    // method="post": were it ever submitted before the app takes over, no password goes into an address.
    <form className="form account-form account-form--narrow" method="post" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="password-form">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
      <TextField id="password-current" label={t('passwordForm.currentPassword')} type="password" autoComplete="current-password" registration={register('currentPassword')} error={errors.currentPassword?.message} />
      <TextField id="password-new" label={t('passwordForm.newPassword')} type="password" autoComplete="new-password" hint={t('passwordForm.newPasswordHint')} registration={register('newPassword')} error={errors.newPassword?.message} />
      <TextField id="password-confirm" label={t('passwordForm.confirmPassword')} type="password" autoComplete="new-password" registration={register('confirmPassword')} error={errors.confirmPassword?.message} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          <span className="button__spinner" aria-hidden="true" />
          {t('passwordForm.submit')}
        </button>
      </div>
    </form>
  );
}
