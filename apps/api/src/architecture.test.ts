import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers and the absence of cycles are held by tools (docs/architecture.md): ESLint's
 * import-x/no-restricted-paths zones (eslint.config.js) and dependency-cruiser
 * (.dependency-cruiser.cjs), both run by `npm run lint`. These tests break each rule on purpose
 * and check that the tool says so, so a rule that silently stopped working is noticed. They read
 * no database, so they run once, in the embedded pass of the API suite.
 */

const repoRoot = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** Lints `code` as if it were the file at `path` (repository-relative), and returns the rules that fired. */
async function rulesBroken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

/** A real source file under `folder` (repository-relative), so the probe's import resolves. */
function someFileIn(folder: string): string {
  const entries = readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' });
  const file = entries.find((entry) => /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry));
  if (!file) throw new Error(`No source file under ${folder}`);
  return join(repoRoot, folder, file);
}

const importOf = (from: string, target: string) => {
  const path = relative(join(repoRoot, from, '..'), target).replace(/\.tsx?$/, '');
  return `import * as probe from '${path.startsWith('.') ? path : `./${path}`}${from.startsWith('apps/api') ? '.js' : ''}';\nexport const used = probe;\n`;
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('the layers, as the linter holds them', () => {
  it('the domain imports neither app nor a Node built-in', async () => {
    const probe = 'packages/domain/src/layer-probe.ts';
    expect(await rulesBroken(probe, importOf(probe, someFileIn('apps/api/src/modules')))).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The domain is pure/),
    ]);
    expect(await rulesBroken(probe, "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*no Node built-ins/),
    ]);
  });

  it("the web app's shared code (components/, lib/) imports no feature", async () => {
    for (const probe of ['apps/web/app/components/layer-probe.ts', 'apps/web/app/lib/layer-probe.ts']) {
      expect(await rulesBroken(probe, importOf(probe, someFileIn('apps/web/app/features')))).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Shared web code/),
      ]);
    }
  });

  it("the API's infrastructure (db/, env.ts, plugins/) imports no module", async () => {
    for (const probe of ['apps/api/src/db/layer-probe.ts', 'apps/api/src/plugins/layer-probe.ts']) {
      expect(await rulesBroken(probe, importOf(probe, someFileIn('apps/api/src/modules')))).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Infrastructure/),
      ]);
    }
  });

  it('lets an allowed import through', async () => {
    const probe = 'apps/api/src/modules/layer-probe.ts';
    expect(await rulesBroken(probe, importOf(probe, someFileIn('apps/api/src/shared')))).toEqual([]);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('cycles, as dependency-cruiser holds them', () => {
  // Made in a beforeAll: a describe's own body runs even when it is skipped, and its afterAll then does not.
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'winery-cycles-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const options = extractDepcruiseOptions(join(repoRoot, '.dependency-cruiser.cjs'));

  function write(files: Record<string, string>): string {
    const dir = mkdtempSync(join(scratch, 'case-'));
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), code);
    }
    return dir;
  }

  async function violations(dir: string): Promise<string[]> {
    const result = await cruise(['.'], { ...(await options), validate: true, baseDir: dir });
    if (typeof result.output === 'string') throw new Error('Expected a cruise result');
    return [...new Set(result.output.summary.violations.map((violation) => violation.rule.name))].sort();
  }

  it('refuses two files that import each other, even for types only', async () => {
    const dir = write({
      'a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    expect(await violations(dir)).toContain('no-file-cycle');
  });

  it('refuses two folders that import each other through different files', async () => {
    const dir = write({
      'left/one.ts': "import { two } from '../right/two';\nexport const one = () => two;\n",
      'left/three.ts': 'export const three = 3;\n',
      'right/two.ts': 'export const two = 2;\n',
      'right/four.ts': "import { three } from '../left/three';\nexport const four = three + 1;\n",
    });
    expect(await violations(dir)).toEqual(['no-folder-cycle']);
  });

  it('accepts imports that run one way', async () => {
    const dir = write({
      'left/one.ts': "import { two } from '../right/two';\nexport const one = () => two;\n",
      'right/two.ts': 'export const two = 2;\n',
    });
    expect(await violations(dir)).toEqual([]);
  });
});
