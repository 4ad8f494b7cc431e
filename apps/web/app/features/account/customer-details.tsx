import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@winery/domain';
import { formatDate } from '../../lib/format';

export const customerFullName = (customer: Customer): string =>
  [customer.prefix, customer.firstName, customer.lastName].filter(Boolean).join(' ');

export function CustomerDetails({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const notProvided = <span className="muted">{t('profile.notProvided')}</span>;
  const rows: Array<[string, React.ReactNode, string]> = [
    [t('profile.email'), customer.email, 'email'],
    [t('profile.phone'), customer.phone || notProvided, 'phone'],
    [t('profile.dateOfBirth'), formatDate(customer.dateOfBirth) ?? notProvided, 'date-of-birth'],
    [t('profile.company'), customer.company || notProvided, 'company'],
    [t('profile.memberSince'), formatDate(customer.createdAt) ?? notProvided, 'member-since'],
  ];
  return (
    <section className="card customer-details" aria-labelledby="customer-details-heading">
      <h2 id="customer-details-heading" className="section-heading">
        {t('profile.details')}
      </h2>
      <dl className="details-list">
        {rows.map(([label, value, id]) => (
          <div className="details-list__row" key={id}>
            <dt>{label}</dt>
            <dd data-testid={`customer-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="customer-details__edit">
        <Link to="/profile/edit" className="text-link">
          {t('profile.editDetails')}
        </Link>
      </p>
    </section>
  );
}
