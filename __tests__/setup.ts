import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// lazy screens and MUI transitions can take seconds on a busy 2-core CI machine (over 5 s was seen);
// a wait that is met returns at once, so only a failing test waits this long
configure({ asyncUtilTimeout: 15000 });

// a screen filled field by field with user-event takes 20–40 s on a quiet runner and was seen past 60 s on a loaded
// one: a client test gets 150 s (a test that waits on nothing still fails at once)
jest.setTimeout(150_000);
