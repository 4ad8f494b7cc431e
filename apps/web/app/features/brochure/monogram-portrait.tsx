/**
 * A portrait placeholder in the manner of an engraved cameo: the person's initials in an oval
 * with a fine double gold rule and a small sprig. Decorative; the name is printed beside it.
 */
export function MonogramPortrait({ initials, size = 120 }: { initials: string; size?: number }) {
  return (
    <svg
      className="monogram"
      viewBox="0 0 160 200"
      width={size}
      height={(size * 200) / 160}
      aria-hidden="true"
      focusable="false"
    >
      <ellipse className="monogram__ground" cx="80" cy="100" rx="76" ry="96" />
      <ellipse className="monogram__rule" cx="80" cy="100" rx="76" ry="96" />
      <ellipse className="monogram__rule monogram__rule--fine" cx="80" cy="100" rx="69" ry="89" />
      <path className="monogram__ornament" d="M80 24l3 4l-3 4l-3-4Z" />
      <text className="monogram__initials" x="80" y="100" textAnchor="middle" dominantBaseline="central">
        {initials}
      </text>
      <path className="monogram__sprig" d="M58 150q22 8 44 0" />
      <path
        className="monogram__leaf"
        d="M66 152.6q-3-6 2-9q2 6-2 9ZM74 154.4q-2-6.5 3-9q1.5 6.5-3 9ZM86 154.4q-4.5-2.5-3-9q5 2.5 3 9ZM94 152.6q-4-3-2-9q5 3 2 9Z"
      />
    </svg>
  );
}

/**
 * A team member's portrait: their drawing when the content has one, their monogram otherwise.
 * Decorative, like the monogram: the name is printed beside it. Loaded as the page scrolls to it.
 */
export function TeamPortrait({ portrait, initials, size = 120 }: { portrait?: string; initials: string; size?: number }) {
  if (!portrait) return <MonogramPortrait initials={initials} size={size} />;
  return <img className="portrait" src={portrait} width={size} height={(size * 200) / 160} alt="" loading="lazy" decoding="async" data-testid="team-portrait" />;
}
