// The offers' public face: the plugin the app mounts (routes.ts) and what other sections and wings may call.
export { default } from './routes';
export { offerRecord } from './record';
export { findDuplicates } from './duplicates';
export { newOfferValues, type NewOffer } from './offerValues';
export { offersSpec } from './list';
export { requireImportRight } from './import';

// the one writer of an offer's stock, which reserves move
export { complete, lockOffer, lockOffers, moveReserved, release, reserve, resize, type StockCause } from './stock';
// lot documents shared by a price list's or a quote's link, their routes and their jobs
export { shareableDocuments } from './documentReads';
export { sendPublicDocument, shareableFile, type PublicDocumentFile } from './publicDocuments';
export { default as offerDocumentsRoutes } from './documentsRoutes';
export { scheduleDocumentMoves, scheduleDocumentNotices } from './documentsJob';
export { RUBLES_ONLY, ratesOfDay, type RateReader } from './purchase';
// the follower of new rates: 'daily' lots priced at the rate in force
export { nextBatch, repriceDailyOffers, type Repriced } from './reprice';
