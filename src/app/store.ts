import { configureStore, type Action } from '@reduxjs/toolkit';
import { signedIn } from '../api/auth';
import { lateMiddleware, rootReducer, type RootState } from '../api/rootReducer';

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
    // RTK Query's middleware joins when the API loads (api/baseApi.ts), with the signed-in shell
    middleware: (getDefault) => getDefault().concat(lateMiddleware.middleware),
    devTools: { name: 'NutDesk', stateSanitizer, actionSanitizer },
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
