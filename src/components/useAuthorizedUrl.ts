// Files are served only with the bearer token, which <img src> cannot send: fetch them and show object URLs.
import { useEffect, useState } from 'react';
import { useAppSelector } from '../api/hooks';
import { selectToken } from '../api/auth';

export async function fetchFile(url: string, token: string | null): Promise<Blob> {
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.blob();
}

export function useAuthorizedUrl(url: string | undefined): string | undefined {
  const token = useAppSelector(selectToken);
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url) return;
    let revoked = false;
    let created: string | undefined;
    fetchFile(url, token)
      .then((blob) => {
        if (revoked) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => setObjectUrl(undefined));
    return () => {
      revoked = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, token]);
  return objectUrl;
}

/** Downloads a document under its own name. */
export async function downloadFile(url: string, name: string, token: string | null) {
  const blob = await fetchFile(url, token);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
