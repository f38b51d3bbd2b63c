// The registry's tags join the one API here: each section's tag type ('Offer'), read from domain/sections.ts and
// typed by it (SectionTag), so a misspelt tag does not compile. A record is { type, id } and its section's list
// { type, id: 'LIST' }. Section endpoints inject into sectionApi; the sign-in page loads only the base API, so the
// registry's titles and statuses stay out of its bundle.
import { SECTION, SECTIONS, type Section, type SectionTag } from '../../domain/sections';
import { baseApi, SESSION_TAG_TYPES } from './baseApi';

const tagOf = (section: Section) => SECTION[section].tag as SectionTag;

export const SECTION_TAG_TYPES: readonly SectionTag[] = SECTIONS.map(tagOf);
/** Every tag type the API knows. */
export const TAG_TYPES = [...SECTION_TAG_TYPES, ...SESSION_TAG_TYPES];
export type TagType = (typeof TAG_TYPES)[number];

/** The id of a section's list tag: what a create, a delete or a stock move makes stale. */
export const LIST_ID = 'LIST';

export interface ListTag {
  type: SectionTag;
  id: typeof LIST_ID;
}

/** A section's tags: `one` is the type of its records' tags ({ type: one, id }; alone it names every record and
 * the list), `list` its list. */
export const TAGS = Object.fromEntries(
  SECTIONS.map((key) => [key, { one: tagOf(key), list: { type: tagOf(key), id: LIST_ID } }]),
) as Record<Section, { one: SectionTag; list: ListTag }>;

/** The offers page's tiles: read again when any offer's stock moves, without the list. */
export const SUMMARY_TAG = { type: tagOf('offers'), id: 'SUMMARY' } as const;

/** One record's tag. */
export const recordTag = (section: Section, id: number) => ({ type: tagOf(section), id });

/** What a write of a section's records makes stale besides them and their list: the lists of the sections the
 * registry says it moves (domain/sections.ts `moves`), and the moved records known by id (a reserve's offer). */
export const staleAfter = (section: Section, movedIds: readonly number[] = []) =>
  (SECTION[section].moves ?? []).flatMap((moved) => [...movedIds.map((id) => recordTag(moved, id)), TAGS[moved].list]);

export const sectionApi = baseApi.enhanceEndpoints({ addTagTypes: SECTION_TAG_TYPES });
