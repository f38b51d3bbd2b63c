// The rates' public face: another section or wing reads the rate of a day only through here.
export { rateOn, ratesOn } from './rates';
export { loadRates, scheduleRatesLoad, type RatesFollower, type RatesLoad } from './job';
export { default as currencyRatesRoutes } from './routes';
