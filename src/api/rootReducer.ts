// The whole client state: the session token and RTK Query's cache. The store (app/store.ts) is built from it;
// typed hooks (./hooks) read its type, so nothing below app/ needs the store itself.
import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import authSlice from './auth';
import liveSlice from './liveState';

export const rootReducer = combineSlices(authSlice, liveSlice, baseApi);
export type RootState = ReturnType<typeof rootReducer>;
