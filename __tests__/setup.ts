import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// lazy screens and MUI transitions take longer than a second on a busy 2-core CI machine
configure({ asyncUtilTimeout: 5000 });
