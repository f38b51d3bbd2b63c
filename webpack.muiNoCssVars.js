// What the bundle puts where MUI's createTheme and ThemeProvider import their CSS-variables variants
// (webpack.config.js). NutDesk's theme (src/app/theme.ts) sets neither `cssVariables` nor `colorSchemes`, so MUI
// takes the variant without CSS variables (createThemeNoVars, ThemeProviderNoVars) and never reaches these; their
// real code (~25 KB minified, ~8 KB gzipped) would sit on the sign-in page for nothing. Reaching one fails loudly.
const refuse = (what) => {
  throw new Error(`NutDesk is built without MUI's CSS-variables themes (${what}); see webpack.config.js`);
};

export default function createThemeWithVars() {
  refuse('createTheme({ cssVariables }) or colorSchemes');
}

export function CssVarsProvider() {
  refuse('a theme with CSS variables');
}
