// The papers' shared answers: a paper's history (GET /api/{invoices|upd}/{id}/history).
import { responses } from '../../http/schemas';

export const paperHistoryResponse = responses({
  200: {
    type: 'object',
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            at: { type: 'string' },
            user: { type: ['string', 'null'] },
            action: { type: 'string' },
            changes: { type: 'array', items: { type: 'object', additionalProperties: true } },
          },
        },
      },
    },
  },
});
