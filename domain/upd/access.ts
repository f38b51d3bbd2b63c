// Who reads and makes УПД: the papers' rule (domain/papers/access.ts).
export { canReadPapers as canReadUpd, papersScope as updScope } from '../papers/access';
