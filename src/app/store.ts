import { configureStore, type Action } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { loggedOut, signedIn } from '../api/auth';
import { rootReducer, type RootState } from '../api/rootReducer';
import type { AppDispatch as ApiDispatch } from '../api/hooks';

export { rootReducer, type RootState };

const REDACTED = '[redacted]';

/** Redux DevTools (support engineers read it) never shows the sign-in token. */
export function stateSanitizer<S>(state: S): S {
  const s = state as unknown as RootState;
  if (!s?.auth?.token) return state;
  return { ...s, auth: { ...s.auth, token: REDACTED } } as unknown as S;
}

export function actionSanitizer<A extends Action>(action: A): A {
  if (signedIn.match(action)) return { ...action, payload: REDACTED };
  return action;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    devTools: { name: 'NutDesk', stateSanitizer, actionSanitizer },
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** Ends the session on this side: token gone, every cached answer dropped. */
export function endSession(dispatch: AppDispatch | ApiDispatch, reason: Parameters<typeof loggedOut>[0]) {
  dispatch(loggedOut(reason));
  dispatch(baseApi.util.resetApiState());
}
