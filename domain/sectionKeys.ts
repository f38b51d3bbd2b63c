// The sections' keys, the registry's one list (domain/sections.ts re-exports it with each section's titles,
// statuses and tag). Apart so the sign-in page, whose router needs only the keys, does not carry the rest, and so
// eslint.config.js can read the list on its own (this file imports nothing).
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
