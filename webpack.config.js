// The SPA build: babel for TS/TSX, one chunk per lazy route, hashed file names served with a long cache.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const API_PORT = Number(process.env.API_PORT || 3001);
const AUTH_POSTS = ['/login', '/logout', '/activate-account', '/recover-password', '/reset-password'];

/** MUI's createTheme and ThemeProvider import their CSS-variables variants beside the plain ones and pick one at
 * run time; NutDesk's theme uses no CSS variables, so the bundle gets a stand-in for those two imports alone
 * (webpack.muiNoCssVars.js): ~8 KB gzipped off the sign-in page. */
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
const muiWithoutCssVars = new webpack.NormalModuleReplacementPlugin(
  /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/,
  (resource) => {
    if (MUI_STYLES.test(resource.contextInfo?.issuer ?? ''))
      resource.request = path.resolve(__dirname, 'webpack.muiNoCssVars.js');
  },
);

module.exports = (env, argv) => {
  const production = argv.mode === 'production';
  return {
    entry: './src/index.tsx',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports point at its development build (warnings and checks included);
      // production bundles take the production build it ships beside it
      alias: production
        ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') }
        : {},
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        // fonts' CSS goes to its own file, not into the sign-in page's JS
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(woff2?|svg|png)$/, type: 'asset/resource' },
        // The charts (lazy) reach reselect through @base-ui/utils and use its lruMemoize, which the sign-in page's
        // copy (Redux Toolkit's) leaves out: sharing one module would keep lruMemoize in the sign-in page's vendor
        // chunk (+0.5 KB gzipped). The charts take reselect's CommonJS build, a module of their own, in their chunk.
        {
          issuer: /[\\/]@base-ui[\\/]utils[\\/]/,
          resolve: { alias: { reselect$: path.resolve(__dirname, 'node_modules/reselect/dist/cjs/index.js') } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg' }),
      new CopyWebpackPlugin({ patterns: [{ from: 'public/empty.svg', to: 'empty.svg' }] }),
      muiWithoutCssVars,
      ...(production ? [new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css' })] : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false }, // the budget is measured by bench/bundle.ts, per page, not per file
    devServer: {
      port: 3000,
      hot: true,
      historyApiFallback: true,
      proxy: [
        { context: ['/api'], target: `http://127.0.0.1:${API_PORT}` },
        {
          // GET /login is the page; only the auth calls go to the API
          context: (pathname, req) => req.method !== 'GET' && AUTH_POSTS.includes(pathname),
          target: `http://127.0.0.1:${API_PORT}`,
        },
      ],
    },
  };
};
