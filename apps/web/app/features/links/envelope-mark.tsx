/** An envelope drawn in the estate's gold: the page is about a letter on its way. Decorative. */
export function EnvelopeMark() {
  return (
    <svg className="link-card__icon" viewBox="0 0 52 36" width="52" height="36" aria-hidden="true" focusable="false">
      <rect x="0.75" y="0.75" width="50.5" height="34.5" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M1.5 1.5 26 21 50.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
