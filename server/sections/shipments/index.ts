// The shipments' public face: the plugin the app mounts (routes.ts), the list spec the sections' registry reads, and
// what other sections and wings may ask of shipments (a lot's customs declaration). Nothing outside this folder
// imports its other files.
export { default } from './routes';
export { shipmentsSpec } from './list';
export { declarationOf } from './declaration';
export { relandImportVat } from './reland';
