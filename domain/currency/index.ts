// Money in currencies, shared by both sides: the codes, the exact conversion to rubles and how a rate is shown.
export * from './currencies';
export * from './rubles';
export * from './format';
export * from './messages';
