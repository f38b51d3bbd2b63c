// An offer's typed and dated documents: POST /api/offers/{id}/documents (multipart: the file and its
// fields), PATCH …/documents/{docId} with the version the card saw, DELETE. Each write reads the offer again (its
// documents and documents_state) and its list (the 'Документы' column).
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { OfferDocument } from '../../../domain/offers/documents';

/** A document's fields as the card sends them: text as typed ('' none), the lab values as numbers with a point. */
export type DocumentFields = Pick<
  OfferDocument,
  'number' | 'issued_on' | 'valid_until' | 'issuer' | 'shareable' | 'values'
> & { type_id: number };

const offerTags = (offerId: number) => [recordTag('offers', offerId), TAGS.offers.list];

export const documentsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    addDocument: build.mutation<OfferDocument, { offerId: number; file: File; fields: DocumentFields }>({
      query: ({ offerId, file, fields }) => {
        const body = new FormData();
        body.append('type_id', String(fields.type_id));
        for (const key of ['number', 'issued_on', 'valid_until', 'issuer'] as const) {
          if (fields[key]) body.append(key, fields[key]);
        }
        body.append('shareable', String(fields.shareable));
        if (fields.values.aflatoxin_b1 !== null || fields.values.moisture !== null)
          body.append('values', JSON.stringify(fields.values));
        body.append('file', file);
        return { url: `api/offers/${offerId}/documents`, method: 'POST', body };
      },
      invalidatesTags: (result, error, { offerId }) => (error ? [] : offerTags(offerId)),
    }),
    changeDocument: build.mutation<
      OfferDocument,
      { offerId: number; id: number; version: number; fields: DocumentFields }
    >({
      query: ({ offerId, id, version, fields }) => ({
        url: `api/offers/${offerId}/documents/${id}`,
        method: 'PATCH',
        body: { ...fields, version },
      }),
      // a stale change reads the offer again too: the card then holds the document as it is now
      invalidatesTags: (result, error, { offerId }) => (error && error.status !== 409 ? [] : offerTags(offerId)),
    }),
    // staff confirm a document a supplier's account marked for buyers
    confirmDocument: build.mutation<OfferDocument, { offerId: number; id: number; version: number }>({
      query: ({ offerId, id, version }) => ({
        url: `api/offers/${offerId}/documents/${id}/confirm`,
        method: 'POST',
        body: { version },
      }),
      invalidatesTags: (result, error, { offerId }) => (error && error.status !== 409 ? [] : offerTags(offerId)),
    }),
    removeDocument: build.mutation<{ status: string }, { offerId: number; id: number }>({
      query: ({ offerId, id }) => ({ url: `api/offers/${offerId}/documents/${id}`, method: 'DELETE', body: {} }),
      invalidatesTags: (result, error, { offerId }) => (error ? [] : offerTags(offerId)),
    }),
  }),
});

export const {
  useAddDocumentMutation,
  useChangeDocumentMutation,
  useConfirmDocumentMutation,
  useRemoveDocumentMutation,
} = documentsApi;
