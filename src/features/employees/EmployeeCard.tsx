// The employee card (spec point 2 "Create employee", point 5): full name in the header, 'Данные сотрудника'
// (phone with the +7 mask, e-mail, position), and on a saved employee the reserve figures and the latest
// reserves they are responsible for. Fields the caller's role does not see are not on the card.
import { EMPLOYEE_FIELD_VISIBILITY, EMPLOYEE_FORM_FIELDS, employeeSchema } from '../../../domain/employees/schema';
import { EMPLOYEE_FIELDS } from '../../../domain/employees/resource';
import { referencesOf } from '../../../domain/fields';
import { formatMoney, formatNumber } from '../../../domain/format';
import { useReferenceListQuery } from '../../api/references';
import { columnFigures, LatestRecords, type LatestRecord } from '../../components/Card/Figures';
import { columns } from '../../../domain/employees/resource';
import { RecordCard, recordCardScreen, useHiddenFields, fieldValues, type CardContext, type FieldValues, type RecordCardDef, type RecordCardScreenProps } from '../../components/Card/RecordCard';
import { dataTab } from '../../components/Card/dataTab';

export const EMPLOYEE_TEXTS = {
  placeholder: 'Введите имя сотрудника',
  created: 'Сотрудник добавлен',
  deleted: 'Сотрудник удален: его можно только просматривать',
  title: 'Сотрудник',
  newTitle: 'Новый сотрудник',
  data: 'Данные сотрудника',
  figures: 'Показатели',
} as const;

const LABELS: Record<string, string> = Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.key, f.label]));

type EmployeeValues = FieldValues<(typeof EMPLOYEE_FORM_FIELDS)[number]>;

const EMPLOYEE_CARD: RecordCardDef<EmployeeValues> = {
  section: 'employees', texts: EMPLOYEE_TEXTS, nameField: 'full_name', labels: LABELS, schema: employeeSchema,
  valuesOf: (record) => fieldValues(EMPLOYEE_FORM_FIELDS, record),
  fields: { names: EMPLOYEE_FORM_FIELDS, visibleAs: EMPLOYEE_FIELD_VISIBILITY, references: referencesOf(EMPLOYEE_FIELDS) },
};

const FIGURES = columnFigures(columns, ['reserve_total_created', 'reserve_purchased_count', 'reserve_purchased_sum', 'reserve_cancelled_count', 'marginality']);

interface ReserveLine extends LatestRecord {
  amount: string;
  total_selling_sum?: string;
}

function EmployeeCard(props: RecordCardScreenProps) {
  const { record } = props;
  const hidden = useHiddenFields(EMPLOYEE_CARD);
  const positions = useReferenceListQuery('positions', { skip: hidden.has('position_id') });
  const reserves = (record?.reserves ?? []) as ReserveLine[];

  const tabs = ({ inputs, ...card }: CardContext<EmployeeValues>) => [
    dataTab(card, EMPLOYEE_TEXTS, {
      fields: (
        <>
          {inputs.phone('phone')}
          {inputs.field('email', { type: 'email' })}
          {inputs.select('position_id', positions.data)}
        </>
      ),
      figures: FIGURES,
      more: record && (
        <LatestRecords<ReserveLine>
          section="reserves"
          rows={reserves}
          figures={[
            { title: 'Количество', value: (r) => formatNumber(r.amount) },
            ...(reserves.some((r) => 'total_selling_sum' in r) ? [{ title: 'Сумма', value: (r: ReserveLine) => formatMoney(r.total_selling_sum) }] : []),
          ]}
        />
      ),
    }),
  ];

  return <RecordCard<EmployeeValues> {...props} def={EMPLOYEE_CARD} tabs={tabs} />;
}

export const EmployeeCardScreen = recordCardScreen('employees', EmployeeCard);
