// The reserves' public face: the plugin the app mounts (routes.ts) and what other sections and wings may call (a
// reserve made through the pipeline, the expiry job, the per-person statistics). Nothing outside this folder imports
// its other files.
export { default } from './routes';
export { reservesSpec } from './list';
export { reserveRecord } from './lifecycle';
export { heldReserveRecord } from './heldReserve';
export { scheduleReserveExpiry } from './expiry';
export { reserveStats, reservesShortList } from './stats';
// the follower of new rates after the offers' re-pricing: reserves on 'daily' lots judged at today's cost
export { checkMargins, type MarginsChecked } from './margins';
