// The employee card (spec point 2 "Create employee", point 5): full name in the header, 'Данные сотрудника'
// (phone with the +7 mask, e-mail, position), and on a saved employee the reserve figures and the latest
// reserves they are responsible for. Fields the caller's role does not see are not on the card.
import { useMemo } from 'react';
import { EMPLOYEE_FIELD_VISIBILITY, EMPLOYEE_FORM_FIELDS, employeeSchema } from '../../../domain/employees/schema';
import { cardPayload, hiddenCardFields } from '../../../domain/schemas/card';
import { formatDate, formatMoney, formatNumber } from '../../../domain/format';
import { statusTitle } from '../../../domain/sections';
import { usePermissionsQuery } from '../../api/session';
import { useReferenceListQuery } from '../../api/references';
import type { CardRecord } from '../../api/cards';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { RecordFigures, ShortList, type FigureOf } from '../../components/Card/Figures';
import { RecordCard, RecordCardScreen, type CardMode, type CardValues } from '../../components/Card/RecordCard';

export const EMPLOYEE_TEXTS = {
  placeholder: 'Введите имя сотрудника',
  created: 'Сотрудник добавлен',
  deleted: 'Сотрудник удален: его можно только просматривать',
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

interface ReserveLine {
  id: number;
  product?: { id: number; name: string } | null;
  amount: string;
  total_selling_sum?: string;
  status: string;
  created_at: string;
}

function EmployeeCard({ mode, record }: { mode: CardMode; record?: CardRecord }) {
  const { data: perms } = usePermissionsQuery();
  const hidden = useMemo(() => hiddenCardFields(perms, 'employees', EMPLOYEE_FORM_FIELDS, EMPLOYEE_FIELD_VISIBILITY), [perms]);
  const positions = useReferenceListQuery('positions', { skip: hidden.has('position_id') });
  const payloadOf = (values: EmployeeValues) => cardPayload({ ...values }, EMPLOYEE_FORM_FIELDS, hidden, ['position_id']);
  const reserves = (record?.reserves ?? []) as ReserveLine[];
  const figures = [
    ['reserve_total_created', 'Создано резервов', formatNumber],
    ['reserve_purchased_count', 'Выкуплено резервов', formatNumber],
    ['reserve_purchased_sum', 'Сумма выкупленных', formatMoney],
    ['reserve_cancelled_count', 'Отменено резервов', formatNumber],
    ['marginality', 'Маржинальность, %', formatNumber],
  ] as const satisfies readonly FigureOf[];

  return (
    <RecordCard<EmployeeValues>
      section="employees"
      mode={mode}
      record={record}
      texts={EMPLOYEE_TEXTS}
      nameField="full_name"
      labels={LABELS}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      schema={employeeSchema(hidden)}
      tabs={({ inputs, settingsButton }) => [
        {
          label: record ? `Сотрудник № ${record.id}` : 'Новый сотрудник',
          content: (
            <>
              <InfoBlock title={EMPLOYEE_TEXTS.data}>
                {settingsButton}
                {!hidden.has('phone') && inputs.phone('phone')}
                {!hidden.has('email') && inputs.field('email', { type: 'email' })}
                {!hidden.has('position_id') && inputs.select('position_id', positions.data)}
              </InfoBlock>
              {record && (
                <InfoBlock title={EMPLOYEE_TEXTS.figures}>
                  <RecordFigures record={record} figures={figures} />
                </InfoBlock>
              )}
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
            </>
          ),
        },
      ]}
    />
  );
}

export function EmployeeCardScreen({ mode }: { mode: CardMode }) {
  return <RecordCardScreen section="employees" mode={mode}>{(record) => <EmployeeCard mode={mode} record={record} />}</RecordCardScreen>;
}
