import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');

/** Each case: a file's place in the tree (the walls of biome.json depend on it), one import. */
const CASES = {
  forbidden: [
    ['packages/domain/src/x.ts', 'zod'],
    ['packages/domain/src/x.ts', '@quits/contract'],
    ['packages/domain/src/x.ts', 'node:fs'],
    ['packages/contract/src/x.ts', '@web/lib/money'],
    ['packages/contract/src/x.ts', '@quits/server'],
    ['packages/contract/src/x.ts', '../../apps/server/src/config'],
    ['apps/web/src/lib/x.ts', '@server/config'],
    ['apps/web/src/features/events/x.ts', '@quits/server'],
    ['apps/server/src/events/x.ts', '@web/lib/money'],
    ['apps/server/test/x.test.ts', '@quits/web'],
    ['apps/web/src/features/expenses/x.ts', '@web/features/events/api/use-event'],
    ['apps/web/src/features/expenses/components/x.tsx', '../../events/who-am-i'],
    ['apps/web/src/features/expenses/x.ts', '../events/who-am-i'],
    ['apps/web/src/lib/x.ts', '@web/app/router'],
    ['apps/web/src/pages/x.tsx', '@web/app/shell/app-shell'],
    ['apps/web/src/features/events/components/x.tsx', '@web/app/i18n'],
    ['apps/web/src/offline/x.ts', '../app/query-client'],
    ['apps/web/src/offline/components/x.tsx', '../refusal'],
    ['apps/server/src/routes/events/x.ts', '../../http/http-error'],
  ],
  allowed: [
    ['packages/domain/src/x.ts', './money'],
    ['packages/contract/src/x.ts', '@quits/domain'],
    ['apps/web/src/features/expenses/components/x.tsx', '@web/features/events'],
    ['apps/web/src/features/expenses/components/x.tsx', '../expense-draft'],
    ['apps/web/src/ssr/x.ts', '@web/app/router'],
    ['apps/web/src/app/shell/x.tsx', '@web/lib/page-title'],
    ['apps/server/src/routes/events/x.ts', '@server/http/http-error'],
  ],
} as const;

type Case = readonly [path: string, specifier: string];

/**
 * Writes each case as a scratch file holding its one import, lints them all in one run with the
 * configuration `npm run lint` uses, removes them, and returns the cases (`path specifier`) the
 * import walls refused.
 */
function refusedCases(cases: readonly Case[]): Set<string> {
  const files = cases.map(([path], index) =>
    join(root, dirname(path), `wall-check-${process.pid}-${index}-${path.split('/').pop()}`),
  );
  try {
    cases.forEach(([, specifier], index) => {
      const file = files[index] as string;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(
        file,
        `import { something } from '${specifier}';\n\nexport const used = something;\n`,
      );
    });
    const run = spawnSync(biome, ['lint', '--max-diagnostics=500', ...files], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    return new Set(
      cases
        .filter((_, index) => {
          const name = (files[index] as string).slice(root.length);
          return new RegExp(`${name}:1:\\d+ lint/style/noRestrictedImports`).test(output);
        })
        .map(([path, specifier]) => `${path} ${specifier}`),
    );
  } finally {
    for (const file of files) rmSync(file, { force: true });
  }
}

describe('the walls npm run lint keeps', () => {
  const refused = refusedCases([...CASES.forbidden, ...CASES.allowed]);

  it.each(CASES.forbidden)('%s may not import %s', (path, specifier) => {
    expect(refused.has(`${path} ${specifier}`)).toBe(true);
  });

  it.each(CASES.allowed)('%s may import %s', (path, specifier) => {
    expect(refused.has(`${path} ${specifier}`)).toBe(false);
  });
});
