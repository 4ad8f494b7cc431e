import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { LoginLinkForm } from '../links/login-link-form';
import { LoginForm } from './login-form';

/**
 * The two ways in: a password, or a sign-in link sent by e-mail. The password comes first; the
 * link is one button away for a member who has forgotten it or never set one.
 */
export function SignInOptions() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [method, setMethod] = useState<'password' | 'link'>('password');
  const switched = useRef(false);

  // Back from the link form: the e-mail field of the password form, where the member left it.
  useEffect(() => {
    if (method === 'password' && switched.current) document.getElementById('login-email')?.focus();
  }, [method]);

  const choose = (next: 'password' | 'link') => {
    switched.current = true;
    setMethod(next);
  };

  return method === 'password' ? (
    <>
      <LoginForm />
      <div className="sign-in-options">
        <p className="sign-in-options__or" aria-hidden="true">
          {t('signInLink.or')}
        </p>
        <button
          type="button"
          className="button button--quiet button--block"
          onClick={() => choose('link')}
          disabled={!hydrated}
          data-testid="choose-sign-in-link"
        >
          {t('signInLink.choose')}
        </button>
      </div>
    </>
  ) : (
    <>
      <LoginLinkForm autoFocus />
      <div className="sign-in-options">
        <p className="sign-in-options__or" aria-hidden="true">
          {t('signInLink.or')}
        </p>
        <button type="button" className="button button--quiet button--block" onClick={() => choose('password')}>
          {t('signInLink.usePassword')}
        </button>
      </div>
    </>
  );
}
