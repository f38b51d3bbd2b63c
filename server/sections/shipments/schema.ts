// The JSON schemas of a shipment's card: its plain fields as every card's, its lots (offer ids) and its cost lines.
// The rules and Russian messages are domain/shipments/schema.ts.
import { SHIPMENT_FORM_FIELDS, COST_LINES_MAX, SHIPMENT_LOTS_MAX } from '../../../domain/shipments/schema';
import { cardBody, type CardSummaries } from '../../records/card';
import { formValue } from '../../records/card';
import { idParams, responses } from '../../http/schemas';

const costLine = {
  type: 'object',
  properties: {
    kind: { type: 'string', maxLength: 40 },
    amount: formValue,
    currency: { type: 'string', maxLength: 3 },
    rate_date: { type: ['string', 'null'], maxLength: 10 },
    rate: formValue,
    allocation: { type: ['string', 'null'], maxLength: 20 },
    product_id: formValue,
    status: { type: ['string', 'null'], maxLength: 20 },
  },
} as const;

export const shipmentBody = cardBody(SHIPMENT_FORM_FIELDS, {
  offer_ids: {
    type: 'array',
    maxItems: SHIPMENT_LOTS_MAX,
    items: { type: 'integer', minimum: 1, maximum: 2147483647 },
  },
  costs: { type: 'array', maxItems: COST_LINES_MAX, items: costLine },
});

export const shipmentSummaries: CardSummaries = {
  read: "One shipment with its lots, cost lines and each lot's landed cost per kg; a deleted one only with ?withDeleted",
  create: "Create a shipment (its lots' landed cost is stored in the same transaction)",
  update: "Change a shipment: its fields, lots or cost lines; the lots' landed cost follows",
};

const breakdown = { type: 'object', additionalProperties: { type: 'string' } } as const;
const landedLot = {
  type: 'object',
  properties: {
    offer_id: { type: 'integer' },
    landed_kg_cost: { type: 'string' },
    estimate_kg_cost: { type: 'string' },
    difference_kg: { type: 'string' },
    breakdown,
    totals: breakdown,
    total: { type: 'string' },
  },
} as const;

/** GET /shipments/{id}/landed-cost and a lot's own: the lots and what their cost rests on. */
export const landedResponse = responses({
  200: {
    type: 'object',
    properties: {
      shipment_id: { type: 'integer' },
      name: { type: 'string' },
      basis: { type: 'string' },
      lots: { type: 'array', items: landedLot },
    },
  },
});
export const lotParams = idParams;
