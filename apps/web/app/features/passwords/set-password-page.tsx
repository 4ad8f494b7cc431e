import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { renderValidationMessage, SetPasswordSchema, type SetPasswordInput } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { TextField } from '../../components/form-field';
import { errorMessage } from '../../lib/api-error';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formResolver } from '../../lib/form-resolver';
import { linkRefusal } from '../links/link-errors';
import { useMemberLanding } from '../../lib/member-status/member-landing';
import { useStartSession } from '../../lib/session/session.api';
import { FORGOT_PASSWORD_PATH, useConfirmPassword, type PasswordLinkKind } from './passwords.api';

const resolver = formResolver(SetPasswordSchema);
const PASSWORD_FIELDS = ['password', 'confirmPassword'] as const;

/**
 * /reset-password/{token} and /create-password/{token}: a new password, twice. The link's token goes
 * with it; the answer is a session, so the member ends signed in, where a sign-in would take them.
 */
export function SetPasswordPage({ kind }: { kind: PasswordLinkKind }) {
  const { t } = useTranslation(['common', 'notification']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmPassword(kind);
  const startSession = useStartSession();
  const landing = useMemberLanding();
  // A token that cannot be one (cut short when copied) is refused before anything is typed.
  const [refusal, setRefusal] = useState<string | null>(() =>
    SetPasswordSchema.shape.token.safeParse(token).success ? null : renderValidationMessage('linkInvalid'),
  );
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: { token, password: '', confirmPassword: '' } });

  const onSubmit = async (values: SetPasswordInput) => {
    setProblem(null);
    try {
      const answer = await confirm.run(values);
      // Nothing of a password stays in the form once it has done its job.
      reset({ token, password: '', confirmPassword: '' });
      setLeaving(true);
      const session = await startSession(answer.token);
      toast.success(t(`notification:setPassword.${kind}Success`));
      void navigate(await landing(session), { replace: true });
    } catch (error) {
      setLeaving(false);
      const refused = linkRefusal(error);
      if (refused) {
        setRefusal(refused);
        return;
      }
      if (applyServerFieldErrors(error, setError, PASSWORD_FIELDS)) return;
      setProblem(errorMessage(error, t(`notification:setPassword.failed`)));
    }
  };

  const heading = t(`setPassword.${kind}.heading`);

  if (refusal) {
    return (
      <div className="page page--narrow password-page" data-testid="password-link-refused">
        <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
        <h1 className="page-title">{heading}</h1>
        <div className="card link-card">
          <div className="alert link-card__alert" role="alert">
            <p className="alert__title" data-testid="link-message">
              {refusal}
            </p>
          </div>
          <p>{t(`setPassword.${kind}.askNew`)}</p>
          <div className="link-card__actions">
            <Link to={FORGOT_PASSWORD_PATH} className="button button--primary">
              {t('setPassword.requestNew')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="page page--narrow password-page">
      <p className="eyebrow">{t('brand.wordmark')} {t('brand.wordmarkSuffix')}</p>
      <h1 className="page-title">{heading}</h1>
      <p className="lede">{t(`setPassword.${kind}.intro`)}</p>
      <div className="card">
        {leaving ? (
          <PageLoading label={t('login.redirecting')} />
        ) : (
          // method="post": were it ever submitted before the app takes over, no password goes into an address.
          <form className="form" method="post" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="set-password-form">
            <TextField
              id="set-password"
              label={t('setPassword.password')}
              type="password"
              autoComplete="new-password"
              hint={t('passwordForm.newPasswordHint')}
              registration={register('password')}
              error={errors.password?.message}
            />
            <TextField
              id="set-password-confirm"
              label={t('setPassword.confirmPassword')}
              type="password"
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
            {problem ? (
              <div className="alert" role="alert" data-testid="set-password-problem">
                <p className="alert__title">{problem}</p>
              </div>
            ) : null}
            <button type="submit" className="button button--primary button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
              <span className="button__spinner" aria-hidden="true" />
              {t(`setPassword.${kind}.submit`)}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
