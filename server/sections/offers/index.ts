// The offers' public face: the plugin the app mounts (routes.ts) and what other sections and wings may call.
export { default } from './routes';
export { findDuplicates, newOfferValues, offerRecord, type NewOffer } from './record';
export { offersSpec } from './list';
export { requireImportRight } from './import';
