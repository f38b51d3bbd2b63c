// The JSON schemas of a buyer's card and ledger; the rules and Russian messages are domain/buyers/ (yup, shared
// with the card).
import { BUYER_FORM_FIELDS } from '../../../domain/buyers/schema';
import { cardBody, type CardSummaries } from '../../records/card';
import { responses } from '../../http/schemas';

export const buyerBody = cardBody(BUYER_FORM_FIELDS);
export const buyerSummaries: CardSummaries = {
  read: 'One buyer with what it owes; a deleted one only with ?withDeleted',
  create: 'Create a buyer (409 with the id of a buyer not deleted with the same INN)',
  update: 'Change a buyer',
};

const MONEY = { type: 'string' } as const;
const DAY = { type: ['string', 'null'] } as const;

export const ledgerResponse = responses({
  200: {
    type: 'object',
    required: ['sales', 'payments', 'balance', 'overdue', 'overdue_since', 'overdue_days', 'lines'],
    properties: {
      buyer: { type: 'string' },
      opening: MONEY,
      sales: MONEY,
      payments: MONEY,
      balance: MONEY,
      overdue: MONEY,
      overdue_since: DAY,
      overdue_days: { type: ['integer', 'null'] },
      lines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            date: { type: 'string' },
            kind: { type: 'string', enum: ['opening', 'sale', 'payment'] },
            reserve_id: { type: ['integer', 'null'] },
            payment_id: { type: ['integer', 'null'] },
            sale: { type: ['string', 'null'] },
            payment: { type: ['string', 'null'] },
            due_date: DAY,
            balance: MONEY,
            comment: { type: ['string', 'null'] },
            deleted: { type: 'boolean' },
          },
        },
      },
    },
  },
});
