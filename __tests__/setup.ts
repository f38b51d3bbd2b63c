import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// lazy screens and MUI transitions take longer than a second on a busy 2-core CI machine
// generous: a loaded CI machine renders a lazy section slowly; a passing wait returns as soon as it is met
configure({ asyncUtilTimeout: 15000 });
