// ESLint (flat config): typescript-eslint, react-hooks, and the house's import zones (DESIGN.md "Repository
// layout"): on the SPA features → components → api → domain, never feature to feature; on the server
// routes → services → records/lists → db; domain imports neither side.
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

/** A TypeScript module of the repository run here on its own, transpiled (the registry, the import graph): `allowed`
 * names the only modules it may require. */
function loadTs(relative, allowed = []) {
  const file = path.join(__dirname, relative);
  const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: file,
  });
  const loaded = { exports: {} };
  const load = (name) => {
    if (allowed.includes(name)) return require(name);
    throw new Error(`${relative} imports ${name}: eslint.config.js reads it on its own`);
  };
  new Function('exports', 'require', 'module', outputText)(loaded.exports, load, loaded);
  return loaded.exports;
}

/** The house's own rule: no two folders of the app's code reach each other (records/ ⇄ lists/), the
 * loop import-x/no-cycle cannot see when no single file closes a circle. The graph of the code on disk is read once
 * per run; the file being linted counts as its text is now. */
const graphs = loadTs('eslint/importGraph.ts', ['node:fs', 'node:path']);
const faces = loadTs('eslint/faces.ts', ['node:path']);
let appGraph;
const house = {
  rules: {
    'no-folder-loop': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          loop: "This import makes '{{from}}' reach '{{to}}', and '{{to}}' reaches it back ({{way}}): folders import one way; move what both need below both.",
        },
      },
      create(context) {
        const file = context.physicalFilename ?? context.filename;
        if (!graphs.isAppSource(__dirname, file)) return {};
        return {
          'Program:exit'(program) {
            appGraph ??= new Map(
              [...graphs.importGraph(__dirname, ['server', 'src', 'domain'])].filter(([f]) =>
                graphs.isAppSource(__dirname, f),
              ),
            );
            const from = path.relative(__dirname, path.dirname(file));
            for (const { spec, way } of graphs.loopsClosedBy(__dirname, appGraph, file, context.sourceCode.text)) {
              const node =
                program.body.find((n) => n.type === 'ImportDeclaration' && n.source.value === spec) ?? program;
              context.report({ node, messageId: 'loop', data: { from, to: way[0], way: [from, ...way].join(' → ') } });
            }
          },
        };
      },
    },
    // a section is reached only through its public face, and a feature imports no other feature (eslint/faces.ts):
    // matched by pattern, so a folder added tomorrow is held with no list to keep
    'public-face': {
      meta: { type: 'problem', schema: [], messages: { breach: '{{why}}' } },
      create(context) {
        const file = context.physicalFilename ?? context.filename;
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const target = graphs.resolveImport(file, spec);
          const why = target && faces.faceBreach(__dirname, file, target);
          if (why) context.report({ node: node.source, messageId: 'breach', data: { why } });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

/** A zone: files under `target` may not import from `from` (except what `except` names, relative to from). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const zones = [
  // domain is pure: shared by both sides, it imports neither
  zone('./domain', './src', 'domain/ is pure TypeScript shared by both sides: it imports no SPA code.'),
  zone('./domain', './server', 'domain/ is pure TypeScript shared by both sides: it imports no server code.'),
  // the SPA: features → components → api → domain
  zone('./src/api', './src/components', 'src/api imports only domain/.'),
  zone('./src/api', './src/features', 'src/api imports only domain/.'),
  zone('./src/api', './src/app', 'src/api imports only domain/.'),
  zone('./src/components', './src/features', 'components/ hold only what two features share: they import no feature.'),
  zone('./src/components', './src/app', 'components/ import no app code (store, router, layout).'),
  zone('./src/features', './src/app', 'Features import no app code: the app composes features, not the reverse.'),
  // the server: nothing below routes imports a section's plugin; shared layers import no section
  zone('./server/db', './server/sections', 'db/ is the bottom layer: it imports no section.'),
  zone('./server/lists', './server/sections', 'The generic list engine holds no section rule: give it a hook.'),
  zone('./server/records', './server/sections', 'records/ is shared by every section: it imports none.'),
  // the section descriptor sits below both generic layers, which read it
  ...['./server/lists', './server/records', './server/sections'].map((from) =>
    zone(
      './server/contract',
      from,
      'contract/ describes a section for lists/ and records/: it sits below them and imports neither.',
    ),
  ),
  // business settings sit below the sections that read them and the admin wing whose routes change them
  zone('./server/settings', './server/sections', 'settings/ sit below the sections: they import none.'),
  zone(
    './server/settings',
    './server/admin',
    'settings/ sit below admin/, whose routes change them: they import none of it.',
  ),
  zone(
    './server/sections',
    './server/admin',
    'A section reads business settings from settings/, never the admin wing.',
  ),
  // a section's inner files and another feature's are held by house/public-face (eslint/faces.ts), by pattern
];

module.exports = tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'e2e/artifacts/', 'server/db/migrations/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, house },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // the files import-x reads to follow imports (no-cycle): without TypeScript here it finds no circle at all
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones }],
      // imports point one way, so no module reaches itself again (type-only imports are skipped by the rule;
      // server/__tests__/layout.test.ts checks those too)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // and no folder reaches itself through other folders' code (server/__tests__/layout.test.ts feeds one in)
      'house/no-folder-loop': 'error',
      'house/public-face': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
