import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// lazy screens and MUI transitions can take seconds on a busy 2-core CI machine (over 5 s was seen);
// a wait that is met returns at once, so only a failing test waits this long
configure({ asyncUtilTimeout: 15000 });
