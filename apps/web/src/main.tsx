import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { startOffline } from './offline/start-offline';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

await Promise.all([initI18n(), startOffline()]);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
