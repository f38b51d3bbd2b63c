/**
 * jest reads this file through ts-node, which type-checked it (and what it imports) on every run: ~10 s of CPU
 * before the first test. Types are `npm run typecheck`'s job; here the file is only transpiled.
 * @jest-config-loader-options {"transpileOnly": true}
 */
import type { Config } from 'jest';

// esbuild transpiles only (types are checked by `npm run typecheck`), emitting CommonJS for jest; a file that calls
// jest.mock() goes through ts-jest with these options (__tests__/support/esbuild-transform.js).
const tsJest = {
  '^.+\\.tsx?$': [
    '<rootDir>/__tests__/support/esbuild-transform.js',
    {
      tsconfig: {
        module: 'commonjs',
        moduleResolution: 'node10',
        jsx: 'react-jsx',
        isolatedModules: true,
        ignoreDeprecations: '6.0',
      },
      diagnostics: false,
    },
  ],
  // a few server dependencies ship ES modules only; babel turns them into CommonJS for jest
  '^.+\\.m?js$': 'babel-jest',
} as Config['transform'];
const esmOnly = ['content-disposition', 'cookie'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const config: Config = {
  // server files migrate a fresh database (and seed some), client files load lazy screens: slow on a loaded 2-core machine
  testTimeout: 60_000,
  // jest's default is one worker fewer than the cores: one worker on the 2-core machine, the files one after another
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'domain',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain'],
      testMatch: ['**/*.test.ts'],
      transform: tsJest,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      transform: tsJest,
      transformIgnorePatterns,
      // one migrated database (and one with the demo data) built per run, copied by every file (testApp.ts)
      globalSetup: '<rootDir>/server/__tests__/globalSetup.ts',
      globalTeardown: '<rootDir>/server/__tests__/globalTeardown.ts',
    },
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/__tests__/support/jsdom-environment.js',
      roots: ['<rootDir>/__tests__'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: tsJest,
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup.ts'],
      moduleNameMapper: { '\\.(png|svg|jpg|css)$': '<rootDir>/__tests__/fileStub.ts' },
    } as Config['projects'] extends (infer P)[] | undefined ? P : never,
  ],
};

export default config;
