// The product card's 'Документы для партий': which document types every lot of the product needs (an
// offer missing one reads 'Не хватает: …'). Each tick is saved at once (PUT /api/products/{id}/document-types);
// a refused change puts the ticks back as the server has them. Each is a change of the product, on its version.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import { listFailure, useReferenceListQuery } from '../../api/references';
import { isApiError, type ApiError } from '../../api/errors';
import type { WritePart } from './VarietiesBlock';

export const REQUIRED_DOCUMENTS_TEXTS = {
  title: 'Документы для партий',
  note: 'Партия товара без действующего документа каждого отмеченного типа не может быть отгружена.',
  group: 'Типы документов, нужные партиям товара',
} as const;

const productDocumentsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    /** A change of the product, made on the version the card holds (none where it read none). */
    setProductDocumentTypes: build.mutation<
      { id: number; name: string }[],
      { productId: number; version?: number; typeIds: number[] }
    >({
      query: ({ productId, version, typeIds }) => ({
        url: `api/products/${productId}/document-types${version === undefined ? '' : `?version=${version}`}`,
        method: 'PUT',
        body: { type_ids: typeIds },
      }),
      // the product's read (its ticks, its history, its version) and the offers' documents state; refused as stale,
      // the product read again for the card to load
      invalidatesTags: (result, error, { productId }) =>
        !error
          ? [recordTag('products', productId), TAGS.offers.list]
          : (error as { stale?: unknown }).stale
            ? [recordTag('products', productId)]
            : [],
    }),
  }),
});

export function RequiredDocuments({
  productId,
  typeIds,
  readOnly,
  writePart,
  onError,
}: {
  productId: number;
  typeIds: number[];
  readOnly: boolean;
  writePart: WritePart;
  onError(error: ApiError | null): void;
}) {
  const types = useReferenceListQuery('document_types');
  const [save, { isLoading }] = productDocumentsApi.useSetProductDocumentTypesMutation();
  // what is ticked: the server's answer once saved, the product's read before
  const [ticked, setTicked] = useState<number[]>(typeIds);
  const toggle = (id: number, on: boolean) => {
    const before = ticked;
    const next = on ? [...ticked, id].sort((a, b) => a - b) : ticked.filter((t) => t !== id);
    setTicked(next);
    onError(null);
    writePart((version) => save({ productId, version, typeIds: next }).unwrap()).then(
      (saved) => setTicked(saved.map((t) => t.id)),
      (e: unknown) => {
        setTicked(before);
        onError(isApiError(e) ? e : null);
      },
    );
  };
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {REQUIRED_DOCUMENTS_TEXTS.note}
      </Typography>
      {listFailure(types) && <Typography color="error">{listFailure(types)}</Typography>}
      <FormGroup row role="group" aria-label={REQUIRED_DOCUMENTS_TEXTS.group}>
        {(types.data ?? []).map((t) => (
          <FormControlLabel
            key={t.id}
            label={t.name}
            control={
              <Checkbox
                checked={ticked.includes(t.id)}
                disabled={readOnly || isLoading}
                onChange={(e) => toggle(t.id, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
