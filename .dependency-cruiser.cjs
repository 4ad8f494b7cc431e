/**
 * Cycles, held by a tool rather than by the docs (docs/architecture.md). ESLint holds the layers
 * (eslint.config.js, import-x/no-restricted-paths); this holds the cycles, type-only imports
 * included, between files and between folders. Run by `npm run lint`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'Two files that import each other, directly or through others, are one file in two places.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'A folder that imports a folder which imports it back: the layers run both ways.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|build|\\.react-router|node_modules|drizzle)/', '\\.(test|e2e)\\.tsx?$', '(^|/)tests/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
