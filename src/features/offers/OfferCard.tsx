// The offer's create and edit card (spec point 2 "Create offer", point 5 "Offer create" and derived values):
// the screen that loads the record, and the card that holds the form and saves it. Its blocks live beside it:
// the fields (OfferAboutBlock), the figures (OfferFigures); saving, back and comments are every card's (CardForm).
import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import Typography from '@mui/material/Typography';
import { hiddenOfferFormFields, offerSchema, OFFER_FIELD_VISIBILITY } from '../../../domain/offers/schema';
import { can, isFieldVisible } from '../../../domain/permissions';
import { useReferenceListQuery } from '../../api/references';
import { useBusinessToday } from '../../api/businessDay';
import { CardForm, recordTab, useCardBase } from '../../components/Card/CardForm';
import { RecordCardScreen } from '../../components/Card/RecordCard';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { FilesBlock } from '../../components/Card/FilesBlock';
import { FieldSettingsButton, useCardConfig } from '../../components/Card/FieldSettings';
import { Alert } from '../../components/Alert';
import type { OfferRecord } from './offersApi';
import { OFFER_TEXTS, offerPayload, valuesOf, type OfferFormValues } from './offerForm';
import { offerInputs } from './offerInputs';
import { OfferAboutBlock } from './OfferAboutBlock';
import { OfferComputedBlock, OfferReservationBlock } from './OfferFigures';
import { OfferLandedBlock } from './OfferLanded';
import { ArrivalDialog } from './ArrivalDialog';
import { DOCUMENT_TEXTS, DocumentsBlock } from './DocumentsBlock';
import { ARRIVAL_TEXTS, onTheWay } from '../../../domain/offers/logistics';

export { OFFER_TEXTS };

export function OfferCardScreen({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <RecordCardScreen<OfferRecord> section="offers" mode={mode}>
      {(offer) => <OfferCard mode={mode} offer={offer} />}
    </RecordCardScreen>
  );
}

function OfferCard({ mode, offer }: { mode: 'create' | 'edit'; offer?: OfferRecord }) {
  const card = useCardBase<OfferFormValues, OfferRecord>('offers', mode, offer, OFFER_TEXTS);
  const { perms, save, readOnly } = card;
  const [fieldSettings, setFieldSettings] = useState(false);
  const [arrived, setArrived] = useState<string | null>(null);
  const cardConfig = useCardConfig('offers');
  const products = useReferenceListQuery('products');

  const visible = (field: string) => isFieldVisible(perms, 'offers', OFFER_FIELD_VISIBILITY[field] ?? field);
  const hidden = useMemo(() => hiddenOfferFormFields(perms), [perms]);
  // the harvest year goes up to the business day's next year; an offer's stored one stays while left as it is
  const today = useBusinessToday();

  const form = useFormik<OfferFormValues>({
    initialValues: valuesOf(offer),
    validationSchema: offerSchema(today, hidden, offer?.harvest_year),
    onSubmit: (values, helpers) =>
      save.save(helpers, async () => {
        const payload = offerPayload(values, visible);
        if (mode === 'create') {
          payload.comments = values.comments.map((c) => ({ text: c.text }));
          return { created: (await card.create(payload)).id };
        }
        // the status the form was loaded with, not the one of the offer read since
        if (values.status !== form.initialValues.status) payload.status = values.status;
        return { saved: valuesOf(await card.update(payload)) };
      }),
  });

  const inputs = offerInputs(form, {
    readOnly,
    fieldSettings,
    isVisible: cardConfig.isVisible,
    setField: (name, next) => void cardConfig.setField(name, next).catch(save.failed),
  });

  // the header product is required: it is never hidden
  // an offer keeps a product deactivated since it was made: it stays shown, though no longer offered
  const current = offer?.product;
  const productOptions =
    current && products.data && !products.data.some((p) => p.id === current.id)
      ? [...products.data, current]
      : products.data;
  const header = inputs.select('product_id', productOptions, {
    label: OFFER_TEXTS.productPlaceholder,
    fullWidth: true,
    size: 'medium',
    slotProps: { select: { displayEmpty: false } },
  });

  const about = (
    <>
      <OfferAboutBlock
        form={form}
        inputs={inputs}
        mode={mode}
        readOnly={readOnly}
        settingsButton={<FieldSettingsButton on={fieldSettings} onToggle={() => setFieldSettings((on) => !on)} />}
        visible={visible}
      />
      <OfferComputedBlock values={form.values} offer={offer} />
      {/* a lot of a shipment, for a role that sees its landed cost (absent from the record where hidden) */}
      {offer && offer.landed_kg_cost !== null && offer.landed_kg_cost !== undefined && visible('landed_kg_cost') && (
        <OfferLandedBlock offerId={offer.id} />
      )}
      {offer && (
        <OfferReservationBlock offer={offer} mayCreateReserves={can(perms, 'reserves', 'create')}>
          {arrived && (
            <Alert severity="success" onClose={() => setArrived(null)}>
              {arrived}
            </Alert>
          )}
          {/* 'Принять поступление': a lot on its way, for a caller who may change the offer, on the saved card */}
          {offer.can_update && offer.status === 'active' && onTheWay(form.initialValues) && !form.dirty && (
            <ArrivalDialog
              offer={offer}
              version={card.version!}
              onAccepted={(saved, cut) => {
                card.setVersion(saved.version);
                // the form goes on from the offer as it is now: on stock, with what came
                form.resetForm({ values: valuesOf(saved) });
                setArrived(cut.length ? ARRIVAL_TEXTS.cut(cut.length) : ARRIVAL_TEXTS.done);
              }}
            />
          )}
        </OfferReservationBlock>
      )}
      <InfoBlock title={OFFER_TEXTS.photos}>
        <FilesBlock
          kind="image"
          files={form.values.images}
          disabled={readOnly}
          onUploaded={(f) =>
            void form.setFieldValue('images', [
              ...form.values.images,
              { id: f.id, url: f.url, name: f.name, alt: f.name },
            ])
          }
        />
      </InfoBlock>
      <InfoBlock title={OFFER_TEXTS.documents}>
        {offer ? (
          // a saved offer's documents are typed and dated, written at once
          <DocumentsBlock
            offerId={offer.id}
            documents={offer.documents}
            state={offer.documents_state}
            readOnly={readOnly}
          />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {DOCUMENT_TEXTS.afterSave}
            </Typography>
            <FilesBlock
              kind="document"
              files={form.values.documents}
              disabled={readOnly}
              onUploaded={(f) =>
                void form.setFieldValue('documents', [...form.values.documents, { id: f.id, url: f.url, name: f.name }])
              }
            />
          </>
        )}
      </InfoBlock>
    </>
  );

  return (
    <CardForm
      card={card}
      form={form}
      valuesOf={valuesOf}
      header={header}
      tabs={[recordTab(OFFER_TEXTS, offer, about)]}
    />
  );
}
