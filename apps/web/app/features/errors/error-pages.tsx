import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BRAND_CONTACTS } from '../../content/brands/contacts';
import { BrandContactList } from '../../components/brand-contact';

function ErrorPage({ kind }: { kind: 'notFound' | 'error' }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow error-page" data-testid={kind === 'notFound' ? 'not-found-page' : 'error-page'}>
      <p className="eyebrow">{t(`${kind}.eyebrow`)}</p>
      <h1 className="page-title">{t(`${kind}.heading`)}</h1>
      <p className="lede">{t(`${kind}.body`)}</p>
      <p>
        <Link to="/" className="button button--primary">
          {t(`${kind}.home`)}
        </Link>
      </p>
      <BrandContactList brands={BRAND_CONTACTS} />
    </div>
  );
}

export const NotFoundPage = () => <ErrorPage kind="notFound" />;
export const SomethingWentWrongPage = () => <ErrorPage kind="error" />;
