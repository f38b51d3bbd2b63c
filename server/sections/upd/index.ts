// The УПД's public face: the plugin (routes.ts) and what other sections may ask of it; nothing outside this folder
// imports its other files.
export { default } from './routes';
export { countryList } from './countries';
export { sellerFacts } from './facts';
