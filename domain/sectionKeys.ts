// The sections' keys, the registry's one list (domain/sections.ts re-exports it with each section's titles,
// statuses and tag). Apart so the sign-in page, whose router needs only the keys, does not carry the rest.
export const SECTIONS = [
  'offers',
  'reserves',
  'employees',
  'suppliers',
  'products',
  'cities',
  'buyers',
  'shipments',
] as const;
export type Section = (typeof SECTIONS)[number];

/** Sections the API serves whose screens are not built yet: they get no route, no menu item and no feature folder
 * in the SPA until they have them. */
export const API_ONLY_SECTIONS: readonly Section[] = [];
/** The sections the SPA shows: a list, a create and an edit screen each, from src/features/<section>/pages. */
export const SCREEN_SECTIONS: readonly Section[] = SECTIONS.filter((key) => !API_ONLY_SECTIONS.includes(key));
