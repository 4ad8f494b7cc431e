import { useTranslation } from 'react-i18next';

/** The estate's wordmark: a vine-leaf emblem, ALDERMOOR, and ESTATE in small capitals. */
export function Wordmark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  return (
    <span className={`wordmark wordmark--${tone}`}>
      <svg className="wordmark__emblem" viewBox="0 0 32 40" aria-hidden="true" focusable="false">
        <path
          d="M16 3c6 6 10 12 10 19 0 7-4.5 12-10 15C10.5 34 6 29 6 22 6 15 10 9 16 3Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.3"
        />
        <path d="M16 8v29M16 17l-5-4M16 17l5-4M16 25l-6-5M16 25l6-5M16 31l-4-3M16 31l4-3" fill="none" stroke="currentColor" strokeWidth="1" />
      </svg>
      <span className="wordmark__text">
        <span className="wordmark__name">{t('brand.wordmark')}</span>{' '}
        <span className="wordmark__suffix">{t('brand.wordmarkSuffix')}</span>
      </span>
    </span>
  );
}
