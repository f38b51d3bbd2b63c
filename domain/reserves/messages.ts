// What a reserve's stock operations answer when the offer cannot give what is asked (server and reserve card).
export const STOCK_MSG = {
  offerMissing: 'Предложение не найдено',
  offerNotActive: 'Резервировать можно только активное предложение',
  offerDeleted: 'Предложение удалено: резервировать его нельзя',
  notEnough: (available: string) => `Недостаточно свободного количества: доступно ${available}`,
} as const;
