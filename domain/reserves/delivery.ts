// The delivered cost: a reserve's delivery cost is the route's (the city matrix from the offer's loading
// city to the buyer's city), or delivery_cost_default where the matrix holds no route. The selling band and the
// margin are worked out on it. A higher typed cost is kept (special freight); a lower one needs the right to lower
// delivery costs (administrators, and the roles whose setting gives it), and the route's figure is kept beside it
// (route_delivery_cost), so the history shows both.
import { formatFigure } from '../format';
import { toNumber, type Num } from '../numbers';
import type { Permissions } from '../permissions';

/** The role setting's title (the roles tab, the admin log, the refusal). */
export const LOWER_DELIVERY_RIGHT = 'Снижать стоимость доставки ниже маршрута';

export const DELIVERY_ROUTE_MSG = {
  lower: (route: Num) =>
    `Стоимость доставки не может быть ниже стоимости маршрута: ${formatFigure(route)} ₽/кг. Снизить её может администратор или роль с правом «${LOWER_DELIVERY_RIGHT}»`,
} as const;

/** Who may type a delivery cost below the route's: administrators, and the users of a role whose setting says so. */
export const canLowerDeliveryCost = (perms: Permissions | null | undefined): boolean =>
  Boolean(perms?.is_admin || perms?.lower_delivery_cost);

/** The delivery cost a reserve is priced on, from the cost typed (null: none typed, or the role does not see it)
 * and the route's: the route's when none is typed; the typed one when it is not lower, or when the caller may lower
 * it (then `lowered` holds the route's figure, for the history); else `refused` says why. */
export function deliveredCost(
  typed: Num,
  route: number,
  perms: Permissions | null | undefined,
): { cost: number; lowered: number | null; refused: string | null } {
  const cost = toNumber(typed);
  if (cost === null) return { cost: route, lowered: null, refused: null };
  if (cost >= route) return { cost, lowered: null, refused: null };
  if (!canLowerDeliveryCost(perms)) return { cost: route, lowered: null, refused: DELIVERY_ROUTE_MSG.lower(route) };
  return { cost, lowered: route, refused: null };
}
