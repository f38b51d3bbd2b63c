// The Russian message catalogue (spec points 5 and 8). Client and server quote these, never copies.

export const MSG = {
  // validation
  required: 'Обязательное поле',
  nameRequired: 'Название обязательно',
  min2: 'Минимум 2 символа',
  emailRequired: 'Введите email',
  emailInvalid: 'Введите корректный email',
  passwordRequired: 'Введите пароль',
  validationFallback: 'Ошибка валидации',
  // auth
  wrongCredentials: 'Неверный логин или пароль',
  tooManyAttempts: (minutes: number) => `Слишком много попыток входа. Повторите попытку через ${minutes} мин.`,
  // errors of spec point 8
  notFound: 'Объект не найден',
  methodNotAllowed: 'Метод не поддерживается',
  unknown: 'Неизвестная ошибка! Попробуйте позже...',
  notJson: 'Не удалось прочитать ответ сервера. Ожидался JSON формат',
  network: (entity: string) => `Нет соединения с сервером или ошибка сети при загрузке ${entity}`,
  unknownFetch: (entity: string) => `Неизвестная ошибка при получении данных для ${entity}`,
  badShape: (entity: string) => `Ошибка формата данных для ${entity}`,
  unauthorized: 'Сессия истекла. Войдите снова',
  forbidden: 'Недостаточно прав для этого действия',
  serverError: 'Ошибка сервера. Попробуйте позже',
} as const;

/** Client-side texts of the shell. */
export const UI = {
  noAccess: 'Нет доступа к этому разделу',
  loading: 'Загрузка',
  genericEntity: 'данных',
} as const;
