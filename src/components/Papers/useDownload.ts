// A file the API answers only with the bearer token ('Скачать для ЭДО', the print form), handed to the browser's
// downloads under its name; a failure is said once.
import { useState } from 'react';
import { downloadFile } from '../useAuthorizedUrl';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';

/** Hands the browser a file the API answers with the bearer token. */
export function useDownload() {
  const token = useAppSelector(selectToken);
  const [failed, setFailed] = useState(false);
  const download = (url: string, name: string) => {
    setFailed(false);
    downloadFile(url, name, token).catch(() => setFailed(true));
  };
  return { download, failed, dismiss: () => setFailed(false) };
}
