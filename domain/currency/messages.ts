// The rates' Russian texts, shared by the server's answers and the screen.
export const RATES_MSG = {
  badDate: 'Дата должна быть в формате ГГГГ-ММ-ДД',
  badCode: 'Неизвестная валюта',
  rubleIsOne: 'Курс рубля всегда 1',
  badRate: 'Курс должен быть положительным числом, не больше 10 знаков после запятой',
  stored: (code: string, date: string) => `Курс ${code} на ${date} уже сохранён и не перезаписывается`,
  feedFailed: (reason: string) => `Курсы ЦБ не загружены: ${reason}`,
  adminsOnly: 'Курсы валют меняют только администраторы',
  title: 'Курсы ЦБ',
};
