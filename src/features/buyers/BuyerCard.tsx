// The buyer card: the name in the header, 'Данные покупателя' (INN, KPP, city, delivery address, contact,
// phone with the +7 mask, e-mail, responsible, payment terms and credit limit), what it owes and its reserves; on a
// saved buyer the 'Взаиморасчёты' tab and, for roles that read papers, 'Счета и УПД'.
import MenuItem from '@mui/material/MenuItem';
import { buyerSchema } from '../../../domain/buyers/schema';
import {
  BUYER_ADDRESS,
  BUYER_FIELDS,
  BUYER_LEGAL_ADDRESS,
  PAYMENT_TERMS,
  buyersResource,
  columns,
} from '../../../domain/buyers/resource';
import { LEDGER_TEXTS } from '../../../domain/buyers/texts';
import { canReadPapers } from '../../../domain/papers/access';
import { BUYER_PAPERS_TEXTS } from '../../../domain/papers/screens';
import { can, isFieldVisible } from '../../../domain/permissions';
import { formatMoney } from '../../../domain/format';
import { usePermissionsQuery } from '../../api/session';
import { columnFigures, LatestListed, type LatestRecord } from '../../components/Card/Figures';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type CardContext,
  type RecordCardDef,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { dataTab } from '../../components/Card/dataTab';
import { ResourceFields } from '../../components/Card/ResourceFields';
import { LedgerTable } from './LedgerTable';
import { BuyerPapers } from './BuyerPapers';

export const BUYER_TEXTS = {
  placeholder: 'Введите название покупателя',
  created: 'Покупатель добавлен',
  deleted: 'Покупатель удален: его можно только просматривать',
  title: 'Покупатель',
  newTitle: 'Новый покупатель',
  data: 'Данные покупателя',
  figures: 'Показатели',
} as const;

const CARD = resourceCard({
  section: 'buyers',
  texts: BUYER_TEXTS,
  nameField: 'name',
  schema: buyerSchema,
  fields: BUYER_FIELDS,
});
type BuyerValues = ReturnType<typeof CARD.valuesOf>;

// a new buyer pays in advance until told otherwise
export const BUYER_CARD: RecordCardDef<BuyerValues> = {
  ...CARD,
  valuesOf: (record) => ({ ...CARD.valuesOf(record), payment_terms: String(record?.payment_terms ?? 'prepay') }),
};

const FIGURES = columnFigures(columns, ['balance', 'overdue', 'credit_limit']);

interface ReserveLine extends LatestRecord {
  total_selling_sum?: string;
}

/** The buyer's latest reserves, from the reserves list filtered by buyer (the caller's scope applies). */
const BuyerReserves = ({ buyerId }: { buyerId: number }) => (
  <LatestListed<ReserveLine>
    section="reserves"
    filter="buyers_ids"
    id={buyerId}
    figures={[{ title: 'Сумма продажи', value: (r) => formatMoney(r.total_selling_sum) }]}
  />
);

/** The INN and the KPP are typed on the numeric keyboard. */
const NUMERIC = {
  inn: { slotProps: { htmlInput: { inputMode: 'numeric' } } },
  kpp: { slotProps: { htmlInput: { inputMode: 'numeric' } } },
} as const;

/** The buyer's fields, as the card and the reserve card's 'Новый покупатель' dialog draw them: the terms chosen by their
 * titles, the days of deferral only on deferred terms, the delivery address across the block. */
export function BuyerFields({
  inputs,
  form,
  hidden,
  readOnly,
}: Pick<CardContext<BuyerValues>, 'inputs' | 'form' | 'hidden'> & { readOnly?: boolean }) {
  const own = {
    payment_terms: () =>
      inputs.field('payment_terms', {
        select: true,
        children: PAYMENT_TERMS.map((t) => (
          <MenuItem key={t.value} value={t.value}>
            {t.title}
          </MenuItem>
        )),
      }),
    deferral_days: () =>
      form.values.payment_terms === 'deferral' &&
      inputs.field('deferral_days', { slotProps: { htmlInput: { inputMode: 'numeric' } } }),
  };
  return (
    <ResourceFields
      resource={buyersResource}
      form={form}
      inputs={inputs}
      hidden={hidden}
      readOnly={readOnly}
      skip={['name']}
      wide={[BUYER_ADDRESS, BUYER_LEGAL_ADDRESS]}
      own={own}
      props={NUMERIC}
    />
  );
}

function BuyerCard(props: RecordCardScreenProps) {
  const { record } = props;
  const { data: perms } = usePermissionsQuery();
  const showReserves = can(perms, 'reserves', 'read') && isFieldVisible(perms, 'reserves', 'buyer');
  const showLedger = showReserves && isFieldVisible(perms, 'reserves', 'total_selling_sum');

  const tabs = (card: CardContext<BuyerValues>) => [
    dataTab(card, BUYER_TEXTS, {
      fields: <BuyerFields inputs={card.inputs} form={card.form} hidden={card.hidden} readOnly={card.readOnly} />,
      figures: FIGURES,
      more: record && showReserves && <BuyerReserves buyerId={record.id} />,
    }),
    ...(record && showLedger ? [{ label: LEDGER_TEXTS.tab, content: <LedgerTable buyerId={record.id} /> }] : []),
    ...(record && canReadPapers(perms)
      ? [{ label: BUYER_PAPERS_TEXTS.title, content: <BuyerPapers buyerId={record.id} /> }]
      : []),
  ];

  return <RecordCard<BuyerValues> {...props} def={BUYER_CARD} tabs={tabs} />;
}

export const BuyerCardScreen = recordCardScreen('buyers', BuyerCard);
