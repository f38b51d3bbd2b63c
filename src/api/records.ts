// Comments, files and the history of any record: shared by every section's card.
import { recordTag, sectionApi, TAGS } from './sectionApi';
import type { Section } from '../../domain/sections';
import type { FileKind } from '../../domain/files';
import type { HistoryEntry } from '../../domain/history';
import { COMMENTS, HISTORY, type COMMENT } from '../../domain/answers';
import { checked, checkedAs } from './shapes';
import type { Static } from '@sinclair/typebox';

/** What comments are written on: a section's record, or a saved quote (GET/POST /api/quotes/{id}/comments). */
export type CommentEntity = Section | 'quotes';

/** A comment as a card holds it: one the server answered, or one typed on a create card before the record exists,
 * whose id is 'local-' and a timestamp. */
export type CommentItem = Omit<Static<typeof COMMENT>, 'id'> & { id: number | string };

export interface UploadedFile {
  id: number;
  url: string;
  name: string;
  kind: FileKind;
  size: number;
  mime: string;
}

export const recordsApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    comments: build.query<CommentItem[], { section: CommentEntity; id: number }>({
      query: ({ section, id }) => `api/${section}/${id}/comments`,
      extraOptions: { entity: 'комментариев' },
      ...checked(COMMENTS, 'комментариев'),
    }),
    addComment: build.mutation<CommentItem, { section: CommentEntity; id: number; text: string }>({
      query: ({ section, id, text }) => ({ url: `api/${section}/${id}/comments`, method: 'POST', body: { text } }),
      async onQueryStarted({ section, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(recordsApi.util.updateQueryData('comments', { section, id }, (list) => void list.push(data)));
      },
    }),
    /** GET /api/{section}/{id}/history: newest first, as the reader may see it; again whenever the record changes. */
    history: build.query<HistoryEntry[], { section: Section; id: number; withDeleted?: boolean }>({
      query: ({ section, id, withDeleted }) => `api/${section}/${id}/history${withDeleted ? '?withDeleted' : ''}`,
      providesTags: (result, error, { section, id }) => [recordTag(section, id), TAGS[section].list],
      extraOptions: { entity: 'истории' },
      ...checkedAs<HistoryEntry[]>(HISTORY, 'истории'),
    }),
    uploadFile: build.mutation<UploadedFile, { file: File; kind: FileKind }>({
      query: ({ file, kind }) => {
        const body = new FormData();
        body.append('kind', kind);
        body.append('file', file);
        return { url: 'api/files', method: 'POST', body };
      },
    }),
  }),
});

export const { useCommentsQuery, useAddCommentMutation, useHistoryQuery, useUploadFileMutation } = recordsApi;
