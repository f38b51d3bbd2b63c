// The whole client state: the session token and RTK Query's cache. The store (app/store.ts) is built from it;
// typed hooks (./hooks) read its type, so nothing below app/ needs the store itself.
// The sign-in page's store holds the token alone: RTK Query (createApi, its cache and middleware) loads with the
// signed-in shell or a password screen, and ./baseApi.ts injects its reducer and middleware here when it loads.
import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import authSlice from './auth';

/** What joins later; ./baseApi.ts adds its slice to this interface (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** The middleware of what loads later (RTK Query's); one instance serves every store made by app/store.ts. */
export const lateMiddleware = createDynamicMiddleware();

/** The state once the API has loaded: every screen that reads the API's cache runs after that. */
export type RootState = ReturnType<typeof rootReducer> & Required<LazyLoadedSlices>;
