// The price list's request lives in the URL (domain/priceList/query.ts): what it holds, with the defaults, and how a
// control changes it.
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  decodePriceListQuery,
  encodePriceListQuery,
  type PriceListQuery,
  type PriceLevel,
  type Rounding,
} from '../../../domain/priceList/query';

/** The markup level with no markup: nothing to ask the server for; the field asks for it instead (a request would
 * come back 400). */
export const lacksMarkup = (request: Partial<PriceListQuery>) =>
  request.level === 'percent' && (request.markup === undefined || request.markup === null);

/** What the URL holds, with the defaults for the rest. */
const requestOf = (params: URLSearchParams) => ({
  level: 'min' as PriceLevel,
  rounding: 'none' as Rounding,
  ...decodePriceListQuery(params.toString()),
});

/** The page's request and how a control changes it. */
export function useRequest() {
  const [params, setParams] = useSearchParams();
  const request = useMemo(() => requestOf(params), [params]);
  // the request as the last change left it: setSearchParams' updater sees the params of the last render, so two
  // changes before the next render (or a widget's late callback) would lose the first
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = (patch: Partial<PriceListQuery>) => {
    const next = encodePriceListQuery({ ...requestOf(latest.current), ...patch });
    latest.current = new URLSearchParams(next);
    setParams(next, { replace: true });
  };
  return { request, change };
}
