import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/cyrillic-400.css';
import '@fontsource/roboto/cyrillic-500.css';
import '@fontsource/roboto/cyrillic-700.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { makeStore } from './app/store';

// RTK Query and its focus/online listeners join with the signed-in shell (app/Layout.tsx)
const store = makeStore();
createRoot(document.getElementById('root')!).render(<App store={store} />);
