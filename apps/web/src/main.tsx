import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prepareFirstScreen } from './app/first-screen';
import { initI18n } from './app/i18n';
import { startOffline } from './offline/start-offline';
import { captureInstallPrompt } from './pwa/install-prompt';
import { followLanguageInManifest } from './pwa/manifest-language';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The browser may offer installation before the first screen shows: listen from the start.
captureInstallPrompt();
await Promise.all([
  initI18n(),
  // The offline queue first: what waits in it shows on top of what the server answers.
  startOffline().then(() => prepareFirstScreen(location.pathname)),
]);
followLanguageInManifest();
const app = createRoot(root);
// As a transition, React renders in slices and lets the browser answer a tap between them.
startTransition(() =>
  app.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
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
