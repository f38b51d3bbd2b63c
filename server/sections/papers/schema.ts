// The papers' shared answers: a paper's history (GET /api/{invoices|upd}/{id}/history), declared in domain/answers.
import { PAPER_HISTORY } from '../../../domain/answers';
import { responses } from '../../http/schemas';

export const paperHistoryResponse = responses({ 200: PAPER_HISTORY });
