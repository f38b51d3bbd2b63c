// The answers' schemas, one file a part of the app (see kit.ts for how a schema is its answer's type too).
export * from './lists';
export * from './session';
export * from './records';
export * from './admin';
export * from './reserves';
export * from './quotes';
export * from './analytics';
export * from './currencyRates';
export * from './priceListUploads';
export * from './papers';
