// The employee card (spec point 2 "Create employee", point 5): full name in the header, 'Данные сотрудника'
// (phone with the +7 mask, e-mail, position), and on a saved employee the reserve figures and the latest
// reserves they are responsible for. Fields the caller's role does not see are not on the card.
import { EMPLOYEE_FIELD_VISIBILITY, EMPLOYEE_FORM_FIELDS, employeeSchema } from '../../../domain/employees/schema';
import { formatDate, formatMoney, formatNumber } from '../../../domain/format';
import { statusTitle } from '../../../domain/sections';
import { useReferenceListQuery } from '../../api/references';
import type { CardRecord } from '../../api/cards';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { columnFigures, FiguresBlock, ShortList } from '../../components/Card/Figures';
import { columns } from '../../../domain/employees/columns';
import { RecordCard, recordCardScreen, recordTab, useHiddenFields, type CardValues, type RecordCardDef, type RecordCardScreenProps } from '../../components/Card/RecordCard';

export const EMPLOYEE_TEXTS = {
  placeholder: 'Введите имя сотрудника',
  created: 'Сотрудник добавлен',
  deleted: 'Сотрудник удален: его можно только просматривать',
  title: 'Сотрудник',
  newTitle: 'Новый сотрудник',
  data: 'Данные сотрудника',
  figures: 'Показатели',
  reserves: 'Резервы',
  noReserves: 'Резервов пока нет',
} as const;

const LABELS: Record<string, string> = { full_name: 'ФИО', phone: 'Телефон', email: 'Email', position_id: 'Должность' };

interface EmployeeValues extends CardValues {
  full_name: string;
  phone: string;
  email: string;
  position_id: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const valuesOf = (record?: CardRecord): EmployeeValues => ({
  full_name: str(record?.full_name), phone: str(record?.phone), email: str(record?.email), position_id: str(record?.position_id), comments: [],
});

const EMPLOYEE_CARD: RecordCardDef<EmployeeValues> = {
  section: 'employees', texts: EMPLOYEE_TEXTS, nameField: 'full_name', labels: LABELS, valuesOf, schema: employeeSchema,
  fields: { names: EMPLOYEE_FORM_FIELDS, visibleAs: EMPLOYEE_FIELD_VISIBILITY, references: ['position_id'] },
};

const FIGURES = columnFigures(columns, ['reserve_total_created', 'reserve_purchased_count', 'reserve_purchased_sum', 'reserve_cancelled_count', 'marginality']);

interface ReserveLine {
  id: number;
  product?: { id: number; name: string } | null;
  amount: string;
  total_selling_sum?: string;
  status: string;
  created_at: string;
}

function EmployeeCard(props: RecordCardScreenProps) {
  const { record } = props;
  const hidden = useHiddenFields(EMPLOYEE_CARD);
  const positions = useReferenceListQuery('positions', { skip: hidden.has('position_id') });
  const reserves = (record?.reserves ?? []) as ReserveLine[];

  return (
    <RecordCard<EmployeeValues>
      {...props}
      def={EMPLOYEE_CARD}
      tabs={({ inputs, settingsButton }) => [
        recordTab(
          EMPLOYEE_TEXTS,
          record,
          <>
            <InfoBlock title={EMPLOYEE_TEXTS.data}>
              {settingsButton}
              {inputs.phone('phone')}
              {inputs.field('email', { type: 'email' })}
              {inputs.select('position_id', positions.data)}
            </InfoBlock>
            <FiguresBlock title={EMPLOYEE_TEXTS.figures} record={record} figures={FIGURES} />
            {record && (
              <InfoBlock title={EMPLOYEE_TEXTS.reserves}>
                <ShortList<ReserveLine>
                  rows={reserves}
                  path="/reserves"
                  label={EMPLOYEE_TEXTS.reserves}
                  empty={EMPLOYEE_TEXTS.noReserves}
                  columns={[
                    { title: 'Товар', value: (r) => r.product?.name ?? '' },
                    { title: 'Количество', value: (r) => formatNumber(r.amount) },
                    ...(reserves.some((r) => 'total_selling_sum' in r) ? [{ title: 'Сумма', value: (r: ReserveLine) => formatMoney(r.total_selling_sum) }] : []),
                    { title: 'Статус', value: (r) => statusTitle('reserves', r.status) },
                    { title: 'Дата', value: (r) => formatDate(r.created_at) },
                  ]}
                />
              </InfoBlock>
            )}
          </>,
        ),
      ]}
    />
  );
}

export const EmployeeCardScreen = recordCardScreen('employees', EmployeeCard);
