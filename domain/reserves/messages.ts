// What a reserve's stock operations answer when the offer cannot give what is asked (server and reserve card).
import { formatNumber } from '../format';

export const STOCK_MSG = {
  offerMissing: 'Предложение не найдено',
  offerNotActive: 'Резервировать можно только активное предложение',
  offerDeleted: 'Предложение удалено: резервировать его нельзя',
  notEnough: (available: string) => `Недостаточно свободного количества: доступно ${formatNumber(available)}`,
} as const;

/** An offer is 'Выполнен' when its goods are sold: not by hand while reserves still hold some of them. */
export const OFFER_RESERVES_MSG = {
  completeWithActive: (count: number) => `Нельзя завершить предложение: активных резервов — ${count}`,
} as const;

/** An active reserve deleted gave its amount back; restored, it must take it again. */
export const RESERVE_RESTORE_MSG = {
  refused: (why: string) => `Резерв нельзя восстановить: ${why.charAt(0).toLowerCase()}${why.slice(1)}`,
} as const;

/** An employee responsible for active reserves: not deleted while they are active, unless the delete
 * hands them to another employee in the same step; a reserve whose responsible was deleted anyway (before this
 * rule) is handed on by whoever may choose a responsible, an administrator. */
export const RESPONSIBLE_MSG = {
  inUse: (count: number) => `Нельзя удалить сотрудника: активных резервов — ${count}`,
  handToMissing: 'Новый ответственный не найден или удален',
  handToDeleted: 'Нельзя передать резервы сотруднику, которого вы удаляете',
  gone: 'Ответственный за резерв удален: выберите другого',
  goneLocked: 'Ответственный за резерв удален: назначить другого может только администратор',
} as const;
