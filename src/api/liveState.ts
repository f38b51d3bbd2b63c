// Whether the live event stream (GET /api/events) is open: while it is, the lists do not poll (the stream tells
// them of every change); while it is down, the spec's 5 s poll is the fallback. Plain, serialisable state.
import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from './rootReducer';

export interface LiveState {
  connected: boolean;
}

const liveSlice = createSlice({
  name: 'live',
  initialState: (): LiveState => ({ connected: false }),
  reducers: {
    streamOpened(state) {
      state.connected = true;
    },
    streamClosed(state) {
      state.connected = false;
    },
  },
});

export const { streamOpened, streamClosed } = liveSlice.actions;
export default liveSlice;

// the stream belongs to the signed-in shell: its state joins the store when the shell loads, not on the sign-in page
declare module './rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the live slice
  export interface LazyLoadedSlices extends WithSlice<typeof liveSlice> {}
}
rootReducer.inject(liveSlice);
