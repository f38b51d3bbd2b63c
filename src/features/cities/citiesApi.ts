// A city's row of the delivery matrix: GET /api/cities/{id}/delivery and PUT with the rows the table changed.
import { recordTag, sectionApi, TAGS } from '../../api/sectionApi';
import type { DeliveryRow, DeliveryRowInput } from '../../../domain/cities/schema';
import { CITY_DELIVERY } from '../../../domain/responseShapes';
import { checked } from '../../api/shapes';

export const citiesApi = sectionApi.injectEndpoints({
  endpoints: (build) => ({
    cityDelivery: build.query<DeliveryRow[], { id: number; withDeleted: boolean }>({
      query: ({ id, withDeleted }) => `api/cities/${id}/delivery${withDeleted ? '?withDeleted' : ''}`,
      // a new or renamed city changes every other city's table
      providesTags: (result, error, { id }) => [recordTag('cities', id), TAGS.cities.list],
      extraOptions: { entity: 'доставки' },
      ...checked<DeliveryRow[]>(CITY_DELIVERY, 'доставки'),
    }),
    saveCityDelivery: build.mutation<DeliveryRow[], { id: number; rows: DeliveryRowInput[] }>({
      query: ({ id, rows }) => ({ url: `api/cities/${id}/delivery`, method: 'PUT', body: rows }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(citiesApi.util.upsertQueryData('cityDelivery', { id, withDeleted: false }, data));
      },
    }),
  }),
});

export const { useCityDeliveryQuery, useSaveCityDeliveryMutation } = citiesApi;
