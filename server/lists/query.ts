// The server's side of the list query codec (domain/listQuery.ts): its refusals answered as 400s in Russian,
// and the pagination links. The grammar itself is written once, in the domain.
import { decode, ListQueryError, withPage, type ListQuery, type RawQuery } from '../../domain/listQuery';
import type { FilterDef } from '../../domain/lists';
import { badRequest } from '../errors';

export { LIST_MSG, type ParsedFilter, type RawQuery, type ListQuery } from '../../domain/listQuery';

/** Runs a decoding step of the codec, its refusal a 400 with the codec's message. */
export function checked<T>(decoding: () => T): T {
  try {
    return decoding();
  } catch (error) {
    if (error instanceof ListQueryError) throw badRequest(error.message);
    throw error;
  }
}

export const parseListQuery = (query: RawQuery, defs: FilterDef[]): ListQuery => checked(() => decode(query, defs));

/** The same query string with another page: for pageURI, nextPage and previousPage. */
export const pageUrl = (path: string, query: RawQuery, page: number): string => `${path}?${withPage(query, page)}`;
