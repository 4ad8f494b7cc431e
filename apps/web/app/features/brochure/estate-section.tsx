const r1 = (value: number) => Math.round(value * 10) / 10;

/** The hill's profile: low benchland on the left rising to the ridge on the right. */
const groundAt = (x: number) => r1(330 - 210 * Math.exp(-(((x - 820) / 420) ** 2)) - 10 * Math.exp(-(((x - 300) / 160) ** 2)));

const PROFILE = Array.from({ length: 61 }, (_, index) => {
  const x = index * 20;
  return `${x} ${groundAt(x)}`;
});

const VINE_XS = Array.from({ length: 34 }, (_, index) => 150 + index * 28);

const VINES = VINE_XS.map((x) => {
  const y = groundAt(x);
  return `M${x} ${y}v-13M${x - 5} ${y - 10}h10`;
}).join(' ');

const CANOPY = VINE_XS.map((x) => ({ x, y: r1(groundAt(x) - 17) }));

/** Roots: deeper where the soil is thin, on the upper slope, as on the estate. */
const ROOTS = VINE_XS.map((x, index) => {
  const y = groundAt(x);
  const depth = r1(38 + 70 * Math.exp(-(((x - 820) / 300) ** 2)) + 16 * Math.sin(index * 1.7));
  const sway = r1(8 * Math.sin(index * 2.3));
  return `M${x} ${y + 2}q${sway} ${r1(depth / 2)} ${r1(sway / 2)} ${depth}`;
}).join(' ');

const STRATA = [44, 96, 150].map((offset) =>
  `M${Array.from({ length: 61 }, (_, index) => {
    const x = index * 20;
    return `${x} ${r1(Math.min(392, groundAt(x) + offset + 6 * Math.sin(index / 3)))}`;
  }).join(' L')}`,
);

const BARRELS = Array.from({ length: 19 }, (_, index) => 282 + index * 22);

/**
 * A cross-section of the estate hill: vines on the slope, roots reaching down through the rock
 * (dry farming), and the cellar tunnel cut into the hill beneath them, with a low dawn sun.
 */
export function EstateSection({ alt }: { alt: string }) {
  return (
    <svg className="estate-section" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-label={alt}>
      <circle className="estate-section__sun" cx="170" cy="150" r="34" />
      <path className="estate-section__sun-rule" d="M110 150h-40M230 150h40" />
      <path className="estate-section__ground" d={`M0 400 L${PROFILE.join(' L')} L1200 400Z`} />
      {STRATA.map((d) => (
        <path key={d} className="estate-section__stratum" d={d} />
      ))}
      <path className="estate-section__roots" d={ROOTS} />
      <path className="estate-section__profile" d={`M${PROFILE.join(' L')}`} />
      <path className="estate-section__vine" d={VINES} />
      {CANOPY.map(({ x, y }) => (
        <circle key={x} className="estate-section__canopy" cx={x} cy={y} r="4.5" />
      ))}
      <path className="estate-section__tunnel" d="M236 292H690a20 20 0 0 1 20 20V334H236" />
      {BARRELS.map((x) => (
        <circle key={x} className="estate-section__barrel" cx={x} cy="320" r="8" />
      ))}
    </svg>
  );
}
