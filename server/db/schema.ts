// The whole data model (spec point 3, DESIGN.md), one file per area under ./schema/. Money and amounts are numeric
// and travel as strings. drizzle-kit and the code read the tables from here.
export * from './schema/access';
export * from './schema/references';
export * from './schema/people';
export * from './schema/offers';
export * from './schema/reserves';
export * from './schema/buyers';
export * from './schema/payments';
export * from './schema/shipments';
export * from './schema/files';
export * from './schema/settings';
export * from './schema/quotes';
export * from './schema/documents';
export * from './schema/papers';
export * from './schema/invoices';
