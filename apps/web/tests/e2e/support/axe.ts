import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page, ViewportSize } from 'playwright-core';
import { resizeTo } from './browser';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Waits (at most `capMs`) for the page's finite animations and transitions to end: a toast read
 * while it fades in has the contrast of its half-way opacity (a busy CI run once caught sonner's
 * toast so). Endless ones (a spinner) are not waited for; the cap is kept on this side, since a
 * journey may hold the page's clock still.
 */
async function animationsEnded(page: Page, capMs = 2_000): Promise<void> {
  const ended = page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
    .then(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const capped = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
  await Promise.race([ended.catch(() => undefined), capped]);
  clearTimeout(timer);
}

/** Which violations count: every one, or only those of these impacts (the public pages' audit: serious and critical). */
export interface AxeOptions {
  impacts?: readonly ('minor' | 'moderate' | 'serious' | 'critical')[];
}

/** axe-core's WCAG 2.2 AA and best-practice checks on the page as it now rests; one line per violation. */
export async function axeViolations(page: Page, { impacts }: AxeOptions = {}): Promise<string[]> {
  await animationsEnded(page);
  // Evaluated by the test driver, not added as an inline <script>, which the site's policy refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      // Every rule still runs; only violations get their selectors built (most of axe's time otherwise).
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((violation) => !impacts || impacts.some((impact) => impact === violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axeViolations at each of these sizes in turn, on the page as it rests, resized rather than
 * loaded again (a journey checked at two widths walks once); each line says at which width. The
 * page is then given its own size back, and the journey goes on as it was.
 */
export async function axeViolationsAt(page: Page, viewports: readonly ViewportSize[], options: AxeOptions = {}): Promise<string[]> {
  const own = page.viewportSize();
  const lines: string[] = [];
  for (const viewport of viewports) {
    await resizeTo(page, viewport);
    lines.push(...(await axeViolations(page, options)).map((line) => `at ${viewport.width} px: ${line}`));
  }
  if (own) await resizeTo(page, own);
  return lines;
}
