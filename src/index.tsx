import { createRoot } from 'react-dom/client';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import '@fontsource/roboto/cyrillic-400.css';
import '@fontsource/roboto/cyrillic-500.css';
import '@fontsource/roboto/cyrillic-700.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { App } from './app/App';
import { createRouter } from './app/router';
import { makeStore } from './app/store';

const store = makeStore();
// tells RTK Query when the tab is focused and online: polling pauses in the background, refetches on return
setupListeners(store.dispatch);
createRoot(document.getElementById('root')!).render(<App store={store} router={createRouter()} />);
