// The product card (spec point 2 "Create product"): the name in the header, its varieties, the status a user
// switches between 'Активный' and 'Деактивирован' (a deactivated product is not offered for new offers;
// existing offers keep it), and the comments.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { productSchema } from '../../../domain/products/schema';
import MenuItem from '@mui/material/MenuItem';
import { VAT_RATE_CHOICES, productsResource } from '../../../domain/products/resource';
import { VAT_RATE_DEFAULT } from '../../../domain/papers/lines';
import type { CardPayload, CardRecord } from '../../api/cards';
import { isApiError, type ApiError } from '../../api/errors';
import { InfoBlock } from '../../components/Card/InfoBlock';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type CardContext,
  type FieldValues,
  type RecordCardDef,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { ResourceFieldsBlock } from '../../components/Card/ResourceFields';
import { DraftVarieties, SavedVarieties, VARIETY_TEXTS } from './VarietiesBlock';
import { RequiredDocuments, REQUIRED_DOCUMENTS_TEXTS } from './RequiredDocuments';

export const PRODUCT_TEXTS = {
  placeholder: 'Введите название товара',
  created: 'Товар добавлен',
  deleted: 'Товар удален: его можно только просматривать',
  tab: 'Товар',
  data: 'Данные товара',
  availability: 'Доступность',
  deactivate: 'Деактивировать',
  reactivate: 'Активировать',
  activeNote: 'Товар можно выбрать в новом предложении.',
  deactivatedNote: 'Деактивирован: товар нельзя выбрать в новом предложении, существующие предложения его сохраняют.',
} as const;

const CARD = resourceCard({
  section: 'products',
  texts: PRODUCT_TEXTS,
  nameField: 'name',
  schema: productSchema,
  fields: productsResource.formFields,
});
type ProductValues = FieldValues<(typeof productsResource.formFields)[number]['key']> & { varieties: string[] };

// a new product is sent with the varieties typed on its card
const PRODUCT_CARD: RecordCardDef<ProductValues> = {
  ...CARD,
  // a new product is charged the general VAT rate until another is chosen
  valuesOf: (record) => ({
    ...CARD.valuesOf(record),
    vat_rate: String(record?.vat_rate ?? VAT_RATE_DEFAULT),
    varieties: [],
  }),
  more: (values, mode) => (mode === 'create' ? { varieties: values.varieties } : {}),
};

/** The VAT rate picked by the titles papers print. */
const OWN = (inputs: CardContext<ProductValues>['inputs']) => ({
  vat_rate: () =>
    inputs.field('vat_rate', {
      select: true,
      children: VAT_RATE_CHOICES.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.title}
        </MenuItem>
      )),
    }),
});

/** Deactivates or reactivates the product at once (no Save needed), as a change of the version the card holds. */
function Availability({
  record,
  readOnly,
  onError,
  update,
}: {
  record: CardRecord;
  readOnly: boolean;
  onError(error: ApiError | null): void;
  update(body: CardPayload): Promise<CardRecord>;
}) {
  const [isLoading, setLoading] = useState(false);
  const [status, setStatus] = useState(record.status);
  const deactivated = status === 'deactivated';
  const switchTo = (next: string) => {
    setLoading(true);
    onError(null);
    return update({ status: next })
      .then(
        (saved) => setStatus(saved.status),
        (e) => onError(isApiError(e) ? e : null),
      )
      .finally(() => setLoading(false));
  };
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ flex: '1 1 320px' }}>
        {deactivated ? PRODUCT_TEXTS.deactivatedNote : PRODUCT_TEXTS.activeNote}
      </Typography>
      {!readOnly && status !== 'deleted' && (
        <Button
          variant="outlined"
          color={deactivated ? 'primary' : 'warning'}
          disabled={isLoading}
          onClick={() => void switchTo(deactivated ? 'active' : 'deactivated')}
        >
          {deactivated ? PRODUCT_TEXTS.reactivate : PRODUCT_TEXTS.deactivate}
        </Button>
      )}
    </Box>
  );
}

function ProductCard(props: RecordCardScreenProps) {
  const { record } = props;
  return (
    <RecordCard<ProductValues>
      {...props}
      def={PRODUCT_CARD}
      tabs={({ form, inputs, hidden, settingsButton, readOnly, onError, update, writePart }) => [
        {
          label: PRODUCT_TEXTS.tab,
          content: (
            <>
              <ResourceFieldsBlock
                title={PRODUCT_TEXTS.data}
                settingsButton={settingsButton}
                resource={productsResource}
                form={form}
                inputs={inputs}
                hidden={hidden}
                readOnly={readOnly}
                skip={['name']}
                own={OWN(inputs)}
              />
              {record && (
                <InfoBlock title={PRODUCT_TEXTS.availability}>
                  <Availability
                    key={record.version}
                    record={record}
                    readOnly={readOnly}
                    onError={onError}
                    update={update}
                  />
                </InfoBlock>
              )}
              <InfoBlock title={VARIETY_TEXTS.title}>
                {record ? (
                  <SavedVarieties
                    productId={record.id}
                    withDeleted={record.status === 'deleted'}
                    readOnly={readOnly}
                    writePart={writePart}
                    onError={onError}
                  />
                ) : (
                  <DraftVarieties
                    names={form.values.varieties}
                    readOnly={readOnly}
                    onChange={(next) => void form.setFieldValue('varieties', next)}
                  />
                )}
              </InfoBlock>
              {/* the papers every lot of a saved product needs */}
              {record && (
                <InfoBlock title={REQUIRED_DOCUMENTS_TEXTS.title}>
                  <RequiredDocuments
                    productId={record.id}
                    typeIds={Array.isArray(record.document_type_ids) ? record.document_type_ids.map(Number) : []}
                    readOnly={readOnly || record.status === 'deleted'}
                    writePart={writePart}
                    onError={onError}
                  />
                </InfoBlock>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

export const ProductCardScreen = recordCardScreen('products', ProductCard);
