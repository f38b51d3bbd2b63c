// Signed in means a token under auth_token in localStorage (spec point 4). The token is mirrored in the store
// for the base query; Redux DevTools shows it redacted (see app/store.ts). Passwords never enter the store.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const TOKEN_KEY = 'auth_token';

export type LogoutReason = 'user' | 'unauthorized' | 'forbidden';

export interface AuthState {
  token: string | null;
  /** Why the last session ended, when the server ended it (shown on the login page). */
  loggedOutBecause: LogoutReason | null;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

const initialState = (): AuthState => ({ token: readToken(), loggedOutBecause: null });

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string>) {
      localStorage.setItem(TOKEN_KEY, action.payload);
      state.token = action.payload;
      state.loggedOutBecause = null;
    },
    /** The user logged out, or the server ended the session (401, or 403 with code 2). */
    loggedOut(state, action: PayloadAction<LogoutReason>) {
      localStorage.removeItem(TOKEN_KEY);
      state.token = null;
      state.loggedOutBecause = action.payload;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectIsSignedIn: (state) => state.token !== null,
    selectLogoutReason: (state) => state.loggedOutBecause,
  },
});

export const { signedIn, loggedOut } = authSlice.actions;
export const { selectToken, selectIsSignedIn, selectLogoutReason } = authSlice.selectors;
export default authSlice;
