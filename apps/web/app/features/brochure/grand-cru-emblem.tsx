import { useId } from 'react';

/**
 * An original emblem per grand cru, drawn in fine line like an engraved label: the benchland
 * rows of Melbury, the planting map of Pluribus, Quella's terraces as contour lines, the shrine
 * and spring of St. Eden, the two slopes of Vecina, and Orsola's wax seal with the Great Bear.
 * Decorative: the wine's name always sits beside it.
 */
const r1 = (value: number) => Math.round(value * 10) / 10;

/** A wobbly closed curve, for contour lines (deterministic, so prerender and hydration agree). */
function contour(cx: number, cy: number, radius: number, phase: number): string {
  const points: string[] = [];
  for (let step = 0; step < 48; step += 1) {
    const angle = (step / 48) * Math.PI * 2;
    const wobble = 1 + 0.13 * Math.sin(2 * angle + phase) + 0.06 * Math.sin(3 * angle + phase * 1.7);
    points.push(`${r1(cx + Math.cos(angle) * radius * wobble)} ${r1(cy + Math.sin(angle) * radius * wobble * 0.82)}`);
  }
  return `M${points.join(' L')}Z`;
}

const TERRACES = [10, 19, 28, 37, 46, 55].map((radius, index) => contour(64 - index * 0.8, 56 + index * 1.2, radius, 0.6 + index * 0.12));

const BENCH_ROWS = Array.from({ length: 11 }, (_, index) => {
  const offset = index - 5;
  return `M${r1(60 + offset * 5)} 76 L${r1(60 + offset * 21)} 118`;
}).join(' ');

const FIELD_MARKS = (() => {
  const shapes: string[] = [];
  const kinds = [0, 2, 1, 3, 4, 1, 0, 4, 2, 3, 1, 4, 0, 2, 3, 4, 1, 3, 0, 2, 3, 0, 4, 1, 2];
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 5; col += 1) {
      const x = 28 + col * 16;
      const y = 28 + row * 16;
      const kind = kinds[row * 5 + col] ?? 0;
      if (kind === 0) shapes.push(`M${x - 2.2} ${y}a2.2 2.2 0 1 0 4.4 0a2.2 2.2 0 1 0 -4.4 0Z`);
      if (kind === 1) shapes.push(`M${x - 3} ${y}h6M${x} ${y - 3}v6`);
      if (kind === 2) shapes.push(`M${x} ${y - 3.2}l3.2 3.2l-3.2 3.2l-3.2 -3.2Z`);
      if (kind === 3) shapes.push(`M${x - 2.6} ${y - 2.6}l5.2 5.2M${x + 2.6} ${y - 2.6}l-5.2 5.2`);
      if (kind === 4) shapes.push(`M${x - 3} ${y + 2.4}h6l-3 -5.2Z`);
    }
  }
  return shapes.join(' ');
})();

/** The seven stars of the Great Bear: Orsola is "little she-bear". */
const BEAR_STARS: [number, number][] = [
  [34, 46], [46, 42], [57, 45], [66, 52], [70, 64], [84, 66], [87, 53],
];

const SEAL_EDGE = (() => {
  const points: string[] = [];
  for (let step = 0; step < 96; step += 1) {
    const angle = (step / 96) * Math.PI * 2;
    const radius = 55 + 2.2 * Math.sin(angle * 16) + 1.2 * Math.sin(angle * 5 + 1);
    points.push(`${r1(60 + Math.cos(angle) * radius)} ${r1(60 + Math.sin(angle) * radius)}`);
  }
  return `M${points.join(' L')}Z`;
})();

function Frame() {
  return (
    <>
      <circle className="emblem__rule" cx="60" cy="60" r="57" />
      <circle className="emblem__rule emblem__rule--fine" cx="60" cy="60" r="53.5" />
    </>
  );
}

function Drawing({ emblem, id }: { emblem: string; id: string }) {
  const clip = `url(#${id})`;
  switch (emblem) {
    case 'bench':
      return (
        <>
          <Frame />
          <g clipPath={clip}>
            <circle className="emblem__accent" cx="80" cy="38" r="8" />
            <path className="emblem__line emblem__line--fine" d="M4 62C30 50 58 48 116 60" />
            <path className="emblem__line" d="M4 77C40 70 80 70 116 76" />
            <path className="emblem__line emblem__line--fine" d={BENCH_ROWS} />
          </g>
        </>
      );
    case 'field':
      return (
        <>
          <Frame />
          <g clipPath={clip}>
            <path className="emblem__rule emblem__rule--fine" d="M20 36h80M20 52h80M20 68h80M20 84h80" />
            <path className="emblem__line emblem__line--fine" d={FIELD_MARKS} />
          </g>
        </>
      );
    case 'terraces':
      return (
        <>
          <Frame />
          <g clipPath={clip}>
            {TERRACES.map((d, index) => (
              <path key={d} className={`emblem__line${index % 2 ? ' emblem__line--fine' : ''}`} d={d} />
            ))}
            <path className="emblem__accent" d="M64 50l3.5 6h-7Z" />
          </g>
        </>
      );
    case 'spring':
      return (
        <>
          <Frame />
          <g clipPath={clip}>
            <path className="emblem__line" d="M44 78V46a16 16 0 0 1 32 0V78" />
            <path className="emblem__line emblem__line--fine" d="M48.5 78V46.5a11.5 11.5 0 0 1 23 0V78" />
            <path className="emblem__accent" d="M60 44l1.6 5.4L67 51l-5.4 1.6L60 58l-1.6-5.4L53 51l5.4-1.6Z" />
            <path className="emblem__line" d="M32 78h56" />
            <path
              className="emblem__line emblem__line--fine"
              d="M30 88q5-3.5 10 0t10 0t10 0t10 0t10 0t10 0M36 96q5-3.5 10 0t10 0t10 0t10 0t10 0M44 104q4-3 8 0t8 0t8 0t8 0"
            />
          </g>
        </>
      );
    case 'neighbours':
      return (
        <>
          <Frame />
          <g clipPath={clip}>
            <path className="emblem__line" d="M2 86C22 60 42 52 62 62" />
            <path className="emblem__line emblem__line--fine" d="M14 84l4-12M24 86l3-20M34 88l2-26M44 90l1-28M54 92v-29" />
            <path className="emblem__line" d="M58 64C76 50 98 54 118 74" />
            {[66, 78, 90, 102].map((x, index) => {
              const y = 60 - (index === 1 || index === 2 ? 4 : 0) + index * 0.5;
              return (
                <g key={x}>
                  <path className="emblem__line emblem__line--fine" d={`M${x} ${y}v-7`} />
                  <circle className="emblem__line emblem__line--fine" cx={x} cy={y - 11} r="5" />
                </g>
              );
            })}
            <path className="emblem__rule" d="M4 98h112M20 93v9M40 93v9M60 93v9M80 93v9M100 93v9" />
          </g>
        </>
      );
    case 'seal':
    default:
      return (
        <>
          <path className="emblem__seal" d={SEAL_EDGE} />
          <circle className="emblem__seal-ring" cx="60" cy="60" r="45" />
          <circle className="emblem__seal-ring emblem__seal-ring--fine" cx="60" cy="60" r="41.5" />
          <path className="emblem__seal-line" d={`M${BEAR_STARS.map(([x, y]) => `${x} ${y}`).join(' L')} L70 64`} />
          {BEAR_STARS.map(([x, y]) => (
            <circle key={`${x}-${y}`} className="emblem__seal-star" cx={x} cy={y} r="2" />
          ))}
          <path className="emblem__seal-line" d="M24 84l12-7l9 4l11-10l10 7l9-4l12 9l9-2" />
        </>
      );
  }
}

export function GrandCruEmblem({ emblem, size = 120, className }: { emblem: string; size?: number; className?: string }) {
  // The same emblem may appear twice on a page, so the clip path needs a per-instance id.
  const id = `emblem-clip${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg
      className={`emblem emblem--${emblem}${className ? ` ${className}` : ''}`}
      viewBox="0 0 120 120"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <clipPath id={id}>
          <circle cx="60" cy="60" r="52.5" />
        </clipPath>
      </defs>
      <Drawing emblem={emblem} id={id} />
    </svg>
  );
}
