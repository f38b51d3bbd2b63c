// webpack builds the SPA with babel; tsc only checks types (npm run typecheck).
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: 'defaults and not dead', bugfixes: true }],
    ['@babel/preset-react', { runtime: 'automatic' }],
    '@babel/preset-typescript',
  ],
};
