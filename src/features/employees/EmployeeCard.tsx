// The employee card (spec point 2 "Create employee", point 5): full name in the header, 'Данные сотрудника'
// (phone with the +7 mask, e-mail, position), and on a saved employee the reserve figures and the latest
// reserves they are responsible for. Fields the caller's role does not see are not on the card.
import { employeeSchema } from '../../../domain/employees/schema';
import { EMPLOYEE_FIELDS, columns, employeesResource } from '../../../domain/employees/resource';
import { formatMoney, formatNumber } from '../../../domain/format';
import { columnFigures, LatestRecords, type LatestRecord } from '../../components/Card/Figures';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type CardContext,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { ResourceFields } from '../../components/Card/ResourceFields';
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

const EMPLOYEE_CARD = resourceCard({
  section: 'employees',
  texts: EMPLOYEE_TEXTS,
  nameField: 'full_name',
  schema: employeeSchema,
  fields: EMPLOYEE_FIELDS,
});
type EmployeeValues = ReturnType<typeof EMPLOYEE_CARD.valuesOf>;

const FIGURES = columnFigures(columns, [
  'reserve_total_created',
  'reserve_purchased_count',
  'reserve_purchased_sum',
  'reserve_cancelled_count',
  'marginality',
]);

interface ReserveLine extends LatestRecord {
  amount: string;
  total_selling_sum?: string;
}

function EmployeeCard(props: RecordCardScreenProps) {
  const { record } = props;
  const reserves = (record?.reserves ?? []) as ReserveLine[];

  const tabs = (card: CardContext<EmployeeValues>) => [
    dataTab(card, EMPLOYEE_TEXTS, {
      // the full name is the header's
      fields: (
        <ResourceFields
          resource={employeesResource}
          form={card.form}
          inputs={card.inputs}
          hidden={card.hidden}
          readOnly={card.readOnly}
          skip={['full_name']}
        />
      ),
      figures: FIGURES,
      more: record && (
        <LatestRecords<ReserveLine>
          section="reserves"
          rows={reserves}
          figures={[
            { title: 'Количество', value: (r) => formatNumber(r.amount) },
            ...(reserves.some((r) => 'total_selling_sum' in r)
              ? [{ title: 'Сумма', value: (r: ReserveLine) => formatMoney(r.total_selling_sum) }]
              : []),
          ]}
        />
      ),
    }),
  ];

  return <RecordCard<EmployeeValues> {...props} def={EMPLOYEE_CARD} tabs={tabs} />;
}

export const EmployeeCardScreen = recordCardScreen('employees', EmployeeCard);
