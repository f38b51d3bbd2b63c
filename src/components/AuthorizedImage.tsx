// An image the SPA shows: files answer only with the bearer token, which <img src> cannot send, so the
// picture is fetched with it and shown from an object URL (revoked when the image goes).
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useAuthorizedUrl } from './useAuthorizedUrl';

export function AuthorizedImage({ url, alt, sx }: { url: string; alt?: string; sx?: SxProps<Theme> }) {
  const src = useAuthorizedUrl(url);
  return src ? (
    <Box component="img" src={src} alt={alt ?? ''} sx={sx} />
  ) : (
    <Box role="img" aria-label={alt ?? ''} aria-busy="true" sx={[{ bgcolor: 'action.hover' }, ...(Array.isArray(sx) ? sx : [sx])]} />
  );
}
