// The employees' public face: the plugin the app mounts (routes.ts) and the list spec the sections' registry reads;
// nothing outside this folder imports its other files.
export { default } from './routes';
export { employeesSpec } from './list';
