// The offer's create and edit card (spec point 2 "Create offer", point 5 "Offer create" and derived values):
// the screen that loads the record, and the card that holds the form and saves it. Its blocks live beside it:
// the fields (OfferAboutBlock), the figures (OfferFigures), the comments tab (OfferComments).
import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { hiddenOfferFormFields, offerSchema, OFFER_FIELD_VISIBILITY } from '../../../domain/offers/schema';
import { can, isFieldVisible } from '../../../domain/permissions';
import { usePermissionsQuery, useMeQuery } from '../../api/session';
import { useReferenceListQuery } from '../../api/references';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { CardShell, type SaveState } from '../../components/Card/CardShell';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { FilesBlock } from '../../components/Card/FilesBlock';
import { useCardConfig } from '../../components/Card/FieldSettings';
import { useSmartBack } from '../../components/smartBack';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { useCreateOfferMutation, useOfferQuery, useUpdateOfferMutation, type OfferRecord } from './offersApi';
import { OFFER_TEXTS, offerPayload, valuesOf, type OfferFormValues } from './offerForm';
import { offerInputs } from './offerInputs';
import { OfferAboutBlock } from './OfferAboutBlock';
import { OfferComputedBlock, OfferReservationBlock } from './OfferFigures';
import { OfferComments } from './OfferComments';

export { OFFER_TEXTS };

export function OfferCardScreen({ mode }: { mode: 'create' | 'edit' }) {
  const params = useParams();
  const location = useLocation();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const withDeleted = new URLSearchParams(location.search).has('withDeleted');
  const offer = useOfferQuery({ id: id ?? 0, withDeleted }, { skip: id === undefined });
  const perms = usePermissionsQuery();
  if (perms.isLoading || offer.isLoading) return <PageSpinner />;
  if (offer.error) return <Alert severity="error" closable={false}>{errorMessage(offer.error)}</Alert>;
  // remount on another record so the form starts from it
  return <OfferCard key={id ?? 'new'} mode={mode} offer={offer.data} />;
}

function OfferCard({ mode, offer }: { mode: 'create' | 'edit'; offer?: OfferRecord }) {
  const { data: perms } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const navigate = useNavigate();
  const [createOffer] = useCreateOfferMutation();
  const [updateOffer] = useUpdateOfferMutation();
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [fieldSettings, setFieldSettings] = useState(false);
  const cardConfig = useCardConfig('offers');
  const [error, setError] = useState<ApiError | null>(null);
  const products = useReferenceListQuery('products');

  const visible = (field: string) => isFieldVisible(perms, 'offers', OFFER_FIELD_VISIBILITY[field] ?? field);
  const hidden = useMemo(() => hiddenOfferFormFields(perms), [perms]);
  const deleted = offer?.status === 'deleted';
  const readOnly = mode === 'edit' ? !offer?.can_update : !can(perms, 'offers', 'create');

  const form = useFormik<OfferFormValues>({
    initialValues: valuesOf(offer),
    validationSchema: offerSchema(hidden),
    onSubmit: async (values, helpers) => {
      setError(null);
      setSaveState('sending');
      const payload = offerPayload(values, visible);
      try {
        if (mode === 'create') {
          payload.comments = values.comments.map((c) => ({ text: c.text }));
          const created = await createOffer(payload).unwrap();
          setSaveState('success');
          helpers.resetForm({ values: valuesOf() });
          navigate(`/offers/${created.id}`, { replace: true });
        } else {
          if (values.status !== offer!.status) payload.status = values.status;
          const saved = await updateOffer({ id: offer!.id, body: payload }).unwrap();
          helpers.resetForm({ values: valuesOf(saved) });
          setSaveState('success');
          setTimeout(() => setSaveState('idle'), 2000);
        }
      } catch (e) {
        setError(isApiError(e) ? e : { status: 'UNKNOWN', message: errorMessage(e) });
        setSaveState('idle');
      }
    },
  });
  const back = useSmartBack(() => form.resetForm());

  const inputs = offerInputs(form, {
    readOnly,
    fieldSettings,
    isVisible: cardConfig.isVisible,
    setField: (name, next) => void cardConfig.setField(name, next).catch((e) => setError(isApiError(e) ? e : null)),
  });

  // the header product is required: it is never hidden
  // an offer keeps a product deactivated since it was made: it stays shown, though no longer offered
  const current = offer?.product;
  const productOptions = current && products.data && !products.data.some((p) => p.id === current.id) ? [...products.data, current] : products.data;
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
        fieldSettings={fieldSettings}
        onToggleFieldSettings={() => setFieldSettings((on) => !on)}
        visible={visible}
      />
      <OfferComputedBlock values={form.values} />
      {offer && <OfferReservationBlock offer={offer} mayCreateReserves={can(perms, 'reserves', 'create')} />}
      <InfoBlock title={OFFER_TEXTS.photos}>
        <FilesBlock kind="image" files={form.values.images} disabled={readOnly} onUploaded={(f) => void form.setFieldValue('images', [...form.values.images, { id: f.id, url: f.url, name: f.name, alt: f.name }])} />
      </InfoBlock>
      <InfoBlock title={OFFER_TEXTS.documents}>
        <FilesBlock kind="document" files={form.values.documents} disabled={readOnly} onUploaded={(f) => void form.setFieldValue('documents', [...form.values.documents, { id: f.id, url: f.url, name: f.name }])} />
      </InfoBlock>
    </>
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void form.submitForm(); }}>
      <CardShell
        header={header}
        onBack={back}
        dirty={form.dirty}
        saveState={saveState}
        onSave={() => void form.submitForm()}
        sendingLabel={mode === 'create' ? OFFER_TEXTS.creating : OFFER_TEXTS.saving}
        successLabel={mode === 'create' ? OFFER_TEXTS.created : OFFER_TEXTS.saved}
        error={error}
        onErrorClose={() => setError(null)}
        conflictLabel={OFFER_TEXTS.conflict}
        listPath="/offers"
        deleted={deleted}
        deletedText={OFFER_TEXTS.deleted}
        readOnly={readOnly}
        tabs={[
          { label: mode === 'create' ? 'Новое предложение' : `Предложение № ${offer?.id}`, content: about },
          {
            label: OFFER_TEXTS.commentsTab,
            content: <OfferComments mode={mode} form={form} offer={offer} readOnly={readOnly} authorName={me?.name} onError={setError} />,
          },
        ]}
      />
    </Box>
  );
}
