import { useTranslation } from 'react-i18next';
import type { BrandContact } from '@winery/domain';

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One brand's phone, e-mail and postal address. */
export function BrandContactDetails({ brand, showName = true }: { brand: BrandContact; showName?: boolean }) {
  const { t } = useTranslation();
  const { postalAddress: a } = brand;
  return (
    <address className="brand-contact" data-testid={`brand-contact-${brand.slug}`}>
      {showName ? <p className="brand-contact__name">{brand.name}</p> : null}
      <p>
        <span className="visually-hidden">{t('footer.phone')}: </span>
        <a href={telHref(brand.phone)}>{brand.phone}</a>
      </p>
      <p>
        <span className="visually-hidden">{t('footer.email')}: </span>
        <a href={`mailto:${brand.email}`}>{brand.email}</a>
      </p>
      <p>
        <span className="visually-hidden">{t('footer.address')}: </span>
        {a.line1}
        <br />
        {a.city}, {a.state} {a.postalCode}
        <br />
        {a.country === 'US' ? 'USA' : a.country}
      </p>
    </address>
  );
}

/** Every brand's contacts, for the page-not-found and something-went-wrong pages. */
export function BrandContactList({ brands }: { brands: readonly BrandContact[] }) {
  const { t } = useTranslation();
  return (
    <section className="brand-contacts" aria-labelledby="brand-contacts-heading">
      <h2 id="brand-contacts-heading" className="section-heading">
        {t('contacts.heading')}
      </h2>
      <ul className="brand-contacts__list">
        {brands.map((brand) => (
          <li key={brand.slug}>
            <BrandContactDetails brand={brand} />
          </li>
        ))}
      </ul>
    </section>
  );
}
