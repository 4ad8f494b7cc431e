import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@winery/domain';
import { SelectInput, TextInput } from '../../components/fields';
import { fieldErrorsOf } from '../../lib/field-errors';
import { toastSaved } from '../../lib/toasts';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useInviteColleague } from './accounts.api';

/** Invite a colleague: e-mail, name and role; they receive a link to create their password. */
export function InviteForm() {
  const { t } = useTranslation('staff');
  const invite = useInviteColleague();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('viewer');
  const errors = fieldErrorsOf(invite.error);
  const other = invite.error && Object.keys(errors).length === 0 && isApiError(invite.error) ? errorMessage(invite.error, t('states.saveFailed')) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), name, role },
      {
        onSuccess: (account) => {
          toastSaved(t('accounts.invited', { email: account.email }));
          setEmail('');
          setName('');
          setRole('viewer');
        },
      },
    );
  };

  return (
    <form className="staff-inline-form" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      {other ? (
        <p className="staff-form__error staff-grid__wide" role="alert">
          {other}
        </p>
      ) : null}
      <TextInput id="invite-email" type="email" label={t('accounts.fields.email')} value={email} onChange={setEmail} autoComplete="off" error={errors.email} />
      <TextInput id="invite-name" label={t('accounts.fields.name')} value={name} onChange={setName} autoComplete="off" error={errors.name} />
      <SelectInput
        id="invite-role"
        label={t('accounts.fields.role')}
        value={role}
        onChange={(value) => setRole(value as StaffRole)}
        options={STAFF_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
        error={errors.role}
      />
      <button type="submit" className="button button--primary" disabled={invite.isPending} aria-busy={invite.isPending}>
        <span className="button__spinner" aria-hidden="true" />
        {t('accounts.invite')}
      </button>
    </form>
  );
}
