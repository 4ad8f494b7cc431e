import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMMUNICATION_PATH, MAIL_PREFERENCES, renderValidationMessage, type UnsubscribeState } from '@winery/domain';
import { PageLoading } from '../../components/page-loading';
import { isApiError, isClientError } from '../../lib/api-error';
import { toastFailure } from '../../lib/form-errors';
import { CommunicationSwitch } from '../account/communication-switch';
import { useSetSubscribed, useUnsubscribeLink } from './unsubscribe.api';

/** The API's words about a link that does not work (on its token field), else the same sentence from the domain. */
function refusal(error: unknown): string {
  const onToken = isApiError(error) ? error.errors.find((fieldError) => fieldError.field === 'token') : undefined;
  return onToken?.message || renderValidationMessage('unsubscribeLinkInvalid');
}

/**
 * /unsubscribe/{token}: the page an e-mail's unsubscribe link opens, without signing in. It names
 * the kind of e-mail and the address (partly hidden), stops it in one click, offers the switch
 * back, and points to the account's page for the other kinds — the link itself can change only
 * its own kind (a mail app's one-click POST to the same address does what the button does).
 */
export function UnsubscribePage() {
  const { t } = useTranslation(['common', 'notification']);
  const { token = '' } = useParams();
  const link = useUnsubscribeLink(token);
  const change = useSetSubscribed(token);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Once the member has answered, the page shows the outcome and the switch, whichever way it went.
  const [answered, setAnswered] = useState(false);

  // After the click the button is gone: the focus goes to the heading that now says what happened.
  const subscribed = link.data?.subscribed;
  useEffect(() => {
    if (answered && subscribed === false) headingRef.current?.focus();
  }, [answered, subscribed]);

  const set = (on: boolean) => {
    if (change.isPending) return;
    change.mutate(on, {
      onSuccess: () => setAnswered(true),
      onError: (error) => toastFailure(t('notification:communication.failed'), error),
    });
  };

  if (link.isPending) {
    return (
      <div className="page page--narrow link-page unsubscribe-page" data-testid="unsubscribe">
        <h1 className="visually-hidden">{t('unsubscribe.heading.ask')}</h1>
        <PageLoading label={t('unsubscribe.loading')} />
      </div>
    );
  }

  if (link.isError) {
    const refused = isClientError(link.error);
    return (
      <div className="page page--narrow link-page unsubscribe-page" data-testid="unsubscribe-failed">
        <p className="eyebrow">{t('unsubscribe.eyebrow')}</p>
        <h1 className="page-title">{t('unsubscribe.heading.ask')}</h1>
        <div className="card link-card">
          <div className="alert link-card__alert" role="alert">
            <p className="alert__title" data-testid="unsubscribe-message">
              {refused ? refusal(link.error) : t('unsubscribe.unreachable')}
            </p>
          </div>
          <div className="link-card__actions">
            {refused ? (
              <Link to={COMMUNICATION_PATH} className="button button--primary">
                {t('unsubscribe.signIn')}
              </Link>
            ) : (
              <button type="button" className="button button--primary" onClick={() => void link.refetch()}>
                {t('account.retry')}
              </button>
            )}
          </div>
        </div>
      </div>
    );
  }

  return <UnsubscribeAnswer state={link.data} asking={!answered && link.data.subscribed} busy={change.isPending} headingRef={headingRef} onSet={set} />;
}

function UnsubscribeAnswer({
  state,
  asking,
  busy,
  headingRef,
  onSet,
}: {
  state: UnsubscribeState;
  /** Not answered yet, and the e-mail still goes: the one-click question. */
  asking: boolean;
  busy: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSet: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const kind = state.preference;
  const values = { kind: t(`account.communication.kinds.${kind}.inSentence`), email: state.maskedEmail };
  const others = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(
    MAIL_PREFERENCES.filter((other) => other !== kind).map((other, index) =>
      t(`account.communication.kinds.${other}.${index === 0 ? 'label' : 'inSentence'}`),
    ),
  );

  return (
    <div className="page page--narrow link-page unsubscribe-page" data-testid="unsubscribe" data-subscribed={state.subscribed}>
      <p className="eyebrow">{t('unsubscribe.eyebrow')}</p>
      <h1 className="page-title" ref={headingRef} tabIndex={-1}>
        {asking ? t('unsubscribe.heading.ask') : state.subscribed ? t('unsubscribe.heading.again') : t('unsubscribe.heading.done')}
      </h1>
      <div className="card link-card">
        {asking ? (
          <>
            <p className="lede">{t('unsubscribe.ask', values)}</p>
            <div className="link-card__actions">
              <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={() => onSet(false)}>
                <span className="button__spinner" aria-hidden="true" />
                {t('unsubscribe.confirm')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="lede" role="status">
              {state.subscribed ? t('unsubscribe.again', values) : t('unsubscribe.done', values)}
            </p>
            <CommunicationSwitch
              id="unsubscribe-switch"
              label={t(`account.communication.kinds.${kind}.label`)}
              description={t(`account.communication.kinds.${kind}.description`)}
              checked={state.subscribed}
              onChange={onSet}
            />
          </>
        )}
      </div>
      <section className="unsubscribe-page__others" aria-labelledby="unsubscribe-others">
        <h2 id="unsubscribe-others" className="unsubscribe-page__others-heading">
          {t('unsubscribe.others.heading')}
        </h2>
        <p>{t('unsubscribe.others.body', { others })}</p>
        <p className="unsubscribe-page__always">{t('account.communication.always')}</p>
        <Link to={COMMUNICATION_PATH} className="button button--quiet">
          {t('unsubscribe.others.link')}
        </Link>
      </section>
    </div>
  );
}
