// The page's Content Security Policy allows inline styles only with the nonce the server wrote into
// <meta name="csp-nonce"> for this page load: emotion (MUI) and the table's drag and drop put it on the styles
// they write. Absent (tests, the dev server), nothing is added.
let nonce: string | undefined | null = null;

export function cspNonce(): string | undefined {
  if (nonce === null) nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
  return nonce;
}
