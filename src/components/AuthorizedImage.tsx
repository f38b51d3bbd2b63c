// An image the SPA shows: files answer only with the bearer token, which <img src> cannot send, so the
// picture is fetched with it and shown from an object URL (revoked when the image goes). Plain elements with
// inline styles: a list page may show 200 of them.
import type { CSSProperties } from 'react';
import { useAuthorizedUrl } from './useAuthorizedUrl';

const PLACEHOLDER: CSSProperties = { display: 'block', background: 'rgba(0, 0, 0, 0.04)' };

export function AuthorizedImage({ url, alt, style }: { url: string; alt?: string; style?: CSSProperties }) {
  const src = useAuthorizedUrl(url);
  return src ? (
    <img src={src} alt={alt ?? ''} style={style} />
  ) : (
    <span role="img" aria-label={alt ?? ''} aria-busy="true" style={{ ...PLACEHOLDER, ...style }} />
  );
}
