// A public page's one read (the buyer's price list, ; the buyer's quote): no store, no session,
// the answer or the server's message (else `failed`).
import { useEffect, useState } from 'react';

export function usePublicRead<T>(url: string, failed: string): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch(url)
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        if (!live) return;
        if (res.ok) setData(body as T);
        else
          setError(
            (body as { message?: string; messages?: string[] } | null)?.message ?? body?.messages?.[0] ?? failed,
          );
      })
      .catch(() => live && setError(failed));
    return () => {
      live = false;
    };
  }, [url, failed]);
  return { data, error };
}
