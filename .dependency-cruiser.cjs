/**
 * The layers stand where the folders say: src/config → src/lib → src/server → src/features →
 * src/pages and netlify/functions, each importing only from its left. src/components (the islands'
 * shared parts) sit beside src/server: they may use config and lib, never server code nor a feature.
 * Type-only imports count (tsPreCompilationDeps), and so do circles.
 */
const layer = (from, allowed) => ({
  name: `layer-${from}`,
  comment: `src/${from} imports only from ${allowed.join(', ')}`,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: '^src/', pathNot: allowed.map((a) => `^src/${a}/`) },
});

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    layer('config', ['config']),
    layer('lib', ['config', 'lib']),
    layer('server', ['config', 'lib', 'server']),
    layer('components', ['config', 'lib', 'components', 'styles']),
    layer('features', ['config', 'lib', 'server', 'components', 'features', 'styles', 'assets']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.astro'] },
  },
};
