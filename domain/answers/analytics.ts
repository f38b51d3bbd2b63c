// The analytics page's answer: its rows carry only the chart's dimensions and the figures the caller may see.
import { Type, type TSchema } from '@sinclair/typebox';
import { CHART, CHARTS, type ChartAnswer, type FigureKind } from '../analytics';
import { COUNT, ID, Nullable, OneOf, TEXT } from './kit';

const KIND_SCHEMAS: Record<FigureKind, TSchema> = {
  money: Type.String({ description: 'roubles, 2 decimals' }),
  kg: Type.String({ description: 'kilograms, 2 decimals' }),
  count: Nullable(COUNT),
  percent: Nullable(TEXT, { description: 'percent, 2 decimals' }),
  days: Type.Number({ description: 'days, 1 decimal' }),
  week: Type.String({ description: 'the Monday of the week, YYYY-MM-DD' }),
  text: TEXT,
  year: Nullable(TEXT),
  ref: Nullable(Type.Object({ id: ID, name: TEXT })),
  status: TEXT,
};

/** GET /api/analytics/{chart}: the figures the caller gets, in order, and the rows. A row carries only those keys:
 * a figure hidden from the caller is absent, never null. */
export const ANALYTICS_CHART = Type.Unsafe<ChartAnswer>(
  Type.Object({
    chart: OneOf(CHARTS),
    from: TEXT,
    to: TEXT,
    fields: Type.Array(TEXT),
    rows: Type.Array(
      Type.Object(
        Object.fromEntries(
          CHARTS.flatMap((c) =>
            [...CHART[c].dimensions, ...CHART[c].figures].map((f) => [f.key, Type.Optional(KIND_SCHEMAS[f.kind])]),
          ),
        ),
        { additionalProperties: false },
      ),
    ),
  }),
);
