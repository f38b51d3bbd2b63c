// Smart back (spec point 2): return to the page the user came from (the 'from' state); with none, /offers.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const FALLBACK_BACK_PATH = '/offers';

type From = string | { pathname?: string; search?: string } | null | undefined;

/** Where "back" leads: the 'from' path with a leading /api stripped, else /offers. */
export function resolveBackPath(from: From): string {
  let target: string | undefined;
  if (typeof from === 'string') target = from;
  else if (from && typeof from.pathname === 'string') target = `${from.pathname}${from.search ?? ''}`;
  if (!target || !target.startsWith('/')) return FALLBACK_BACK_PATH;
  const stripped = target.replace(/^\/api(?=\/|$|\?)/, '');
  return stripped === '' || stripped.startsWith('?') ? `/${stripped}` : stripped;
}

/** Goes back; `beforeLeave` lets a card reset its form first. */
export function useSmartBack(beforeLeave?: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    beforeLeave?.();
    navigate(resolveBackPath((location.state as { from?: From } | null)?.from));
  }, [beforeLeave, navigate, location.state]);
}
