import { useId } from 'react';

const r1 = (value: number) => Math.round(value * 10) / 10;

/** Leaves along the two sides of an oval wreath, open at the top like a laurel. */
const WREATH_LEAVES = (() => {
  const leaves: { x: number; y: number; rotate: number }[] = [];
  const cx = 150;
  const cy = 170;
  for (const side of [-1, 1]) {
    for (let step = 0; step < 11; step += 1) {
      // From the bottom (90°) round to near the top, on each side.
      const angle = ((90 + side * (14 + step * 14.5)) * Math.PI) / 180;
      const x = cx + Math.cos(angle) * 66;
      const y = cy + Math.sin(angle) * 78;
      const tangent = (Math.atan2(Math.cos(angle) * 78, -Math.sin(angle) * 66) * 180) / Math.PI;
      leaves.push({ x: r1(x), y: r1(y), rotate: r1(tangent + side * 35) });
    }
  }
  return leaves;
})();

/**
 * The Matriarch label, drawn: a crowned M inside a wreath of vine leaves on cream paper with a
 * double gold border. The words on it come from the content file.
 */
export function MatriarchLabel({ label }: { label: { estate: string; name: string; origin: string; kind: string; alt: string } }) {
  const titleId = useId();
  return (
    <svg className="matriarch-label" viewBox="0 0 300 400" width="300" height="400" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{label.alt}</title>
      <rect className="matriarch-label__paper" x="0" y="0" width="300" height="400" />
      <rect className="matriarch-label__rule" x="12" y="12" width="276" height="376" />
      <rect className="matriarch-label__rule matriarch-label__rule--fine" x="18" y="18" width="264" height="364" />
      <text className="matriarch-label__small" x="150" y="54" textAnchor="middle">
        {label.estate.toUpperCase()}
      </text>
      <path className="matriarch-label__stem" d="M150 248C100 246 82 206 84 170C86 128 104 104 126 96M150 248C200 246 218 206 216 170C214 128 196 104 174 96" />
      {WREATH_LEAVES.map(({ x, y, rotate }) => (
        <ellipse key={`${x}-${y}`} className="matriarch-label__leaf" cx={x} cy={y} rx="8" ry="3.4" transform={`rotate(${rotate} ${x} ${y})`} />
      ))}
      <path className="matriarch-label__crown" d="M134 128l5 12h22l5-12l-9 6l-7-10l-7 10Z" />
      <circle className="matriarch-label__crown" cx="134" cy="126" r="1.8" />
      <circle className="matriarch-label__crown" cx="150" cy="122" r="1.8" />
      <circle className="matriarch-label__crown" cx="166" cy="126" r="1.8" />
      <text className="matriarch-label__initial" x="150" y="200" textAnchor="middle">
        {label.name.charAt(0)}
      </text>
      <text className="matriarch-label__name" x="150" y="296" textAnchor="middle">
        {label.name.toUpperCase()}
      </text>
      <path className="matriarch-label__rule matriarch-label__rule--fine" d="M110 314h80" />
      <path className="matriarch-label__diamond" d="M150 310l4 4l-4 4l-4-4Z" />
      <text className="matriarch-label__small" x="150" y="342" textAnchor="middle">
        {label.origin.toUpperCase()}
      </text>
      <text className="matriarch-label__small" x="150" y="360" textAnchor="middle">
        {label.kind.toUpperCase()}
      </text>
    </svg>
  );
}
