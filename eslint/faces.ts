// The house's public faces, read by ESLint's `house/public-face` (eslint.config.js transpiles this file and runs it)
// and by server/__tests__/layout.test.ts. The folders are matched by pattern, not listed, so a section or a feature
// added tomorrow is held the day it appears:
// - a server section (server/sections/<s>/) is reached from outside its folder only through its index.ts;
// - an SPA feature (src/features/<f>/) imports no other feature, save the entry points another feature is given.
import path from 'node:path';

/** Files one feature publishes to the features named: the buyer picker, which the reserve card and the quote page pick
 * buyers with. */
export const PUBLISHED_ENTRIES: Record<string, readonly string[]> = {
  'src/features/buyers/BuyerPicker.tsx': ['reserves', 'quote'],
};

const SECTION = /^server\/sections\/([^/]+)\/(.+)$/;
const FEATURE = /^src\/features\/([^/]+)\//;

/** Why `file` may not import `target` (both absolute), or undefined when it may. Tests are not judged: they reach a
 * unit's inner files on purpose. */
export function faceBreach(repo: string, file: string, target: string): string | undefined {
  const from = path.relative(repo, file).split(path.sep).join('/');
  const to = path.relative(repo, target).split(path.sep).join('/');
  if (/__tests__|\.test\.tsx?$/.test(from)) return undefined;
  const section = SECTION.exec(to);
  if (section && section[2] !== 'index.ts' && !from.startsWith(`server/sections/${section[1]}/`))
    return `'${to}' is inside the section '${section[1]}': import its public face 'server/sections/${section[1]}' (index.ts), and export from there what others may call.`;
  const [ownFeature, targetFeature] = [FEATURE.exec(from)?.[1], FEATURE.exec(to)?.[1]];
  if (ownFeature && targetFeature && ownFeature !== targetFeature && !PUBLISHED_ENTRIES[to]?.includes(ownFeature))
    return `The feature '${ownFeature}' imports the feature '${targetFeature}': a feature imports no other feature; move what two share to components/ or api/, or compose them in app/.`;
  return undefined;
}
