// The shipments' public face: the plugin the app mounts (routes.ts), the list spec the sections' registry reads, and
// what other sections and wings may ask of shipments (a lot's customs declaration). Nothing outside this folder
// imports its other files.
export { default } from './routes';
export { shipmentsSpec } from './list';
export { declarationOf } from './declaration';
export { relandImportVat } from './reland';
// the follower of new rates after the offers' re-pricing: the shipments on today's rate costed again
export { recostShipments, type Recosted } from './recost';
