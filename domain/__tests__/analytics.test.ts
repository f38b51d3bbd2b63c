// The analytics keep a role to what its fields allow (issue 34): a chart's figure is left out when any field its SQL
// works it out from is hidden. Role 8 with exactly the spec's list (point 6), and a role whose stored list hides only
// a reserve's delivery cost or unit weight, which the margin and the kilograms are made of.
import { CHART, CHARTS, MONEY_READS, isChartVisible, visibleFigures } from '../analytics';
import { hiddenFieldsOf, isRefVisible, permissionsOf, type HiddenFields, type Permissions } from '../permissions';
import { SPEC_HIDDEN_FIELDS } from '../hiddenFields';

const role = (hidden: HiddenFields): Permissions => ({
  user_type: 'employee',
  user_id: 9,
  is_admin: false,
  role_id: 8,
  role_permissions: permissionsOf('all'),
  hidden_fields: hiddenFieldsOf('employee', hidden),
});

const keys = (perms: Permissions) =>
  Object.fromEntries(
    CHARTS.map((chart) => [
      chart,
      isChartVisible(perms, chart) ? visibleFigures(perms, chart).map((f) => f.key) : null,
    ]),
  );

test("role 8 with the spec's list: amounts and counts of what it sees, no figure made of a field it does not", () => {
  const warehouse = role(SPEC_HIDDEN_FIELDS['8']);
  expect(keys(warehouse)).toEqual({
    sales: ['placed_count', 'cancelled_count', 'expired_count'],
    managers: null,
    stock: ['available_kg', 'sold_kg', 'offers_count'],
    turnover: ['avg_days', 'min_days', 'max_days', 'lots'],
    buyers: null,
    funnel: ['count'],
    receivables: null,
    margin_risk: null, // the money at risk is selling sums and margins it does not see
  });
  // each figure of each chart it gets reads only fields it sees
  for (const chart of CHARTS.filter((c) => isChartVisible(warehouse, c))) {
    for (const figure of [...CHART[chart].dimensions, ...visibleFigures(warehouse, chart)]) {
      const reads = figure.money ? [...figure.reads, ...MONEY_READS] : figure.reads;
      expect([chart, figure.key, reads.filter((ref) => !isRefVisible(warehouse, ref))]).toEqual([
        chart,
        figure.key,
        [],
      ]);
    }
  }
});

test("a reserve's delivery cost hidden: no margin in roubles (one sale's margin gives the cost back), the selling sums stay", () => {
  const perms = role({ reserves: ['delivery_cost'] });
  expect(visibleFigures(perms, 'sales').map((f) => f.key)).toEqual([
    'selling_sum',
    'completed_kg',
    'completed_count',
    'placed_count',
    'cancelled_count',
    'expired_count',
  ]);
  expect(visibleFigures(perms, 'managers').map((f) => f.key)).toEqual(['selling_sum', 'margin_avg', 'completed_count']);
  // the managers' chart is sorted by the margin: without it the chart is not the role's
  expect(isChartVisible(perms, 'managers')).toBe(false);
});

test("a reserve's unit weight hidden: no kilograms of reserves (pieces × weight), their counts stay", () => {
  const perms = role({ reserves: ['unit_weight'] });
  expect(visibleFigures(perms, 'buyers').map((f) => f.key)).toEqual(['selling_sum', 'completed_count']);
  expect(visibleFigures(perms, 'sales').map((f) => f.key)).not.toContain('completed_kg');
  expect(visibleFigures(perms, 'sales').map((f) => f.key)).not.toContain('margin_sum');
});
