import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './app/i18n';
import { startOffline } from './offline/start-offline';
import { captureInstallPrompt } from './pwa/install-prompt';
import { followLanguageInManifest } from './pwa/manifest-language';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The browser may offer installation before the first screen shows: listen from the start.
captureInstallPrompt();
await Promise.all([initI18n(), startOffline()]);
followLanguageInManifest();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Notifications follow the language: the server is told when it changes.
i18next.on('languageChanged', () => {
  void import('./notifications/push-subscriptions')
    .then((push) => push.updatePushLanguage())
    .catch((error: unknown) =>
      console.error('Could not update the notifications’ language', error),
    );
});

// Registered after the first screen, so that its code never delays it.
void import('./pwa/register-service-worker').then((module) => module.registerServiceWorker());
