// The buyers' public face: the plugin the app mounts (routes.ts) and what other sections and wings may call (a
// buyer's terms, credit and debt, its card made from a reserve, the reminders of overdue debt). Nothing outside this
// folder imports its other files.
export { default } from './routes';
export { buyersSpec } from './list';
export {
  buyerReadable,
  buyerTerms,
  createBuyerCard,
  creditStateOf,
  remindOverdueDebts,
  tellResponsibles,
  type BuyerTerms,
} from './ledger';
export { debtJoin, dueDay, leftToPay, saleOf } from './debt';
