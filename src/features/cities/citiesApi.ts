// A city's row of the delivery matrix: GET /api/cities/{id}/delivery and PUT with the rows the table changed.
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { DeliveryRow, DeliveryRowInput } from '../../../domain/cities/schema';
import { CITY_DELIVERY } from '../../../domain/answers';
import { checked } from '../../api/shapes';

export const citiesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    cityDelivery: build.query<DeliveryRow[], { id: number; withDeleted: boolean }>({
      query: ({ id, withDeleted }) => `api/cities/${id}/delivery${withDeleted ? '?withDeleted' : ''}`,
      // a new or renamed city changes every other city's table
      providesTags: (result, error, { id }) => [recordTag('cities', id), TAGS.cities.list],
      extraOptions: { entity: 'доставки' },
      ...checked(CITY_DELIVERY, 'доставки'),
    }),
    /** A change of the city, made on the version the card read (none where it read none): answered or refused as
     * stale, the city is read again (its version moved, or the card shows and loads the current one). */
    saveCityDelivery: build.mutation<DeliveryRow[], { id: number; version?: number; rows: DeliveryRowInput[] }>({
      query: ({ id, version, rows }) => ({
        url: `api/cities/${id}/delivery${version === undefined ? '' : `?version=${version}`}`,
        method: 'PUT',
        body: rows,
      }),
      invalidatesTags: (result, error, { id }) =>
        error && !(error as { stale?: unknown }).stale ? [] : [recordTag('cities', id)],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(citiesApi.util.upsertQueryData('cityDelivery', { id, withDeleted: false }, data));
      },
    }),
  }),
});

export const { useCityDeliveryQuery, useSaveCityDeliveryMutation } = citiesApi;
