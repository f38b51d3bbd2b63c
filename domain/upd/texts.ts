// The УПД's Russian texts: refusals that name what to fix, and the print form's words.
export const UPD_MSG = {
  forbidden: 'УПД недоступны для вашей роли: нужны право на резервы и видимость цен продажи',
  none: 'Выберите завершённые резервы для УПД',
  notCompleted: (ids: number[]) => `УПД составляется по завершённым резервам; не завершены: ${refs(ids)}`,
  noBuyer: (ids: number[]) => `У резервов нет карточки покупателя: ${refs(ids)}`,
  buyers: (names: string[]) => `Резервы разных покупателей: ${names.join(', ')}. Один УПД — один покупатель`,
  dates: (dates: string[]) => `Резервы с разными датами отгрузки: ${dates.join(', ')}. Один УПД — одна дата отгрузки`,
  noDate: (ids: number[]) => `У завершённых резервов нет даты отгрузки: ${refs(ids)}`,
  zeroPrice: (ids: number[]) => `Цена продажи равна нулю: ${refs(ids)}. Формат УПД не принимает нулевую цену`,
  noDeclaration: (lot: string) =>
    `Импортный лот без номера декларации на товары: ${lot}. Укажите номер ДТ в карточке предложения`,
  unmappedCountry: (text: string, lot: string) =>
    `Страна происхождения «${text}» (${lot}) не сопоставлена с кодом ОКСМ: сопоставьте её в настройках, блок «Страны происхождения»`,
  taken: (id: number, number: string) => `Резерв №${id} уже в УПД № ${number}: отмените тот УПД, чтобы составить новый`,
  seller: (missing: string[]) => `Заполните реквизиты компании в настройках: ${missing.join(', ')}`,
  buyer: (name: string, missing: string[]) => `Заполните в карточке покупателя «${name}»: ${missing.join(', ')}`,
  entrepreneur: (name: string) =>
    `Покупатель «${name}» с ИНН из 12 цифр — предприниматель: укажите в названии фамилию, имя и отчество (ИП Иванов Иван Иванович)`,
  cancelled: 'УПД уже отменён',
  notFound: 'УПД не найден',
} as const;

const refs = (ids: number[]) => ids.map((id) => `№${id}`).join(', ');

export const UPD_TEXTS = {
  title: 'Универсальный передаточный документ',
  status: 'Статус: 1',
  statusHint: '1 — счёт-фактура и передаточный документ (акт)',
  file: (number: string, date: string) => `УПД ${number} от ${date}`,
  statuses: { active: 'Действует', cancelled: 'Отменён' },
  signer: 'Руководитель организации',
} as const;
