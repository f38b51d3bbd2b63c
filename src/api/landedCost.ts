// A shipment's landed cost per kg (GET /api/shipments/{id}/landed-cost) and one lot's (GET
// /api/shipments/lots/{id}/landed-cost): the shipment card's per-lot result and the offer card's waterfall. Both are
// read again after a write of the shipment or of an offer (a shipment's save stores its lots' landed cost).
import type { Breakdown } from '../../domain/shipments/costLines';
import { recordTag, sectionApi, TAGS } from './sectionApi';

export interface LandedLotAnswer {
  offer_id: number;
  /** ₽ per kg: the actual lines where a kind has them, else its estimate. */
  landed_kg_cost: string;
  /** ₽ per kg as planned: the estimates where a kind has them. */
  estimate_kg_cost: string;
  /** landed_kg_cost − estimate_kg_cost, ₽ per kg. */
  difference_kg: string;
  /** ₽ per kg by kind: the waterfall's steps, which add up to landed_kg_cost. */
  breakdown: Partial<Breakdown>;
}

export interface LandedAnswer {
  shipment_id: number;
  name: string;
  basis: 'estimate' | 'actual' | 'mixed';
  lots: LandedLotAnswer[];
}

export const landedCostApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    shipmentLanded: build.query<LandedAnswer, number>({
      query: (id) => `api/shipments/${id}/landed-cost`,
      providesTags: (result, error, id) => [recordTag('shipments', id), TAGS.offers.list],
      extraOptions: { entity: 'себестоимости' },
    }),
    lotLanded: build.query<LandedAnswer, number>({
      query: (id) => `api/shipments/lots/${id}/landed-cost`,
      providesTags: (result, error, id) => [
        recordTag('offers', id),
        TAGS.offers.list,
        TAGS.shipments.list,
        ...(result ? [recordTag('shipments', result.shipment_id)] : []),
      ],
      extraOptions: { entity: 'себестоимости' },
    }),
  }),
});

export const { useShipmentLandedQuery, useLotLandedQuery } = landedCostApi;
