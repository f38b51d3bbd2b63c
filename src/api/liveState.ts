// Whether the live event stream (GET /api/events) is open: while it is, the lists do not poll (the stream tells
// them of every change); while it is down, the spec's 5 s poll is the fallback. Plain, serialisable state.
import { createSlice } from '@reduxjs/toolkit';

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
