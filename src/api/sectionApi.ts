// The registry's tags join the one API here: each section's record tag and its list tag ('Offer',
// 'Offer-LIST'), read from domain/sections.ts. Section endpoints inject into sectionApi; the sign-in page
// loads only the base API, so the registry's titles and statuses stay out of its bundle.
import { SECTION, SECTIONS, type Section } from '../../domain/sections';
import { baseApi, SESSION_TAG_TYPES } from './baseApi';

export const SECTION_TAG_TYPES: string[] = SECTIONS.flatMap((key) => [SECTION[key].tag, `${SECTION[key].tag}-LIST`]);
/** Every tag the API knows. */
export const TAG_TYPES: readonly string[] = [...SECTION_TAG_TYPES, ...SESSION_TAG_TYPES];

/** A section's two tags: one record ({ type: one, id }) and its list. */
export const TAGS = Object.fromEntries(SECTIONS.map((key) => [key, { one: SECTION[key].tag, list: `${SECTION[key].tag}-LIST` }])) as Record<
  Section,
  { one: string; list: string }
>;

export const sectionApi = baseApi.enhanceEndpoints({ addTagTypes: SECTION_TAG_TYPES });
