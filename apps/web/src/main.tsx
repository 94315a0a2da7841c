import { App } from '@web/app/app';
import { prepareFirstScreen } from '@web/app/first-screen';
import { initI18n, laterTexts, mirrorSavedLanguage } from '@web/app/i18n';
import { AppRoutes } from '@web/app/router';
import { mirrorSavedTheme } from '@web/app/theme-mode';
import { mirrorAllWhoAmI } from '@web/features/events/who-am-i';
import { appPathOf, basePath } from '@web/lib/base-path';
import { firstScreenSettled } from '@web/lib/first-screen-settled';
import { catchBrowserBack } from '@web/lib/leave-guard';
import { takeOverRendered } from '@web/lib/rendered-first-screen';
import { queuedCommands } from '@web/offline/command-queue';
import { startOffline } from '@web/offline/start-offline';
import { captureInstallPrompt } from '@web/pwa/install-prompt';
import { followLanguageInManifest } from '@web/pwa/manifest-language';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The browser may offer installation before the first screen shows: listen from the start.
captureInstallPrompt();
// Before the router listens: a form with unsaved input sees the browser's Back first.
catchBrowserBack();
await Promise.all([
  initI18n(),
  // The offline queue first: what waits in it shows on top of what the server answers.
  startOffline().then(() => prepareFirstScreen(appPathOf(location.pathname))),
]);
followLanguageInManifest();
const rendered = takeOverRendered(root, queuedCommands().length > 0);
const app = (
  <StrictMode>
    <App title={rendered?.title}>
      <BrowserRouter basename={basePath() || undefined}>
        <AppRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>
);
// As a transition, React renders (or takes over the server's markup) in slices and lets the
// browser answer a tap between them.
if (rendered) startTransition(() => void hydrateRoot(root, app));
else {
  const fresh = createRoot(root);
  startTransition(() => fresh.render(app));
}
// For the server's next render of a first screen (lib/choice-cookies.ts), once this one shows.
setTimeout(() => {
  mirrorSavedTheme();
  mirrorSavedLanguage();
  mirrorAllWhoAmI();
}, 0);

// Notifications follow the language: the server is told when it changes.
i18next.on('languageChanged', () => {
  void import('@web/notifications/push-subscriptions')
    .then((push) => push.updatePushLanguage())
    .catch((error: unknown) =>
      console.error('Could not update the notifications’ language', error),
    );
});

// The texts of the other screens, so that the next one opens at once (and offline).
void firstScreenSettled()
  .then(() => laterTexts())
  .catch((error: unknown) => console.error('Could not load the other screens’ texts', error));

// Registered once the first screen has settled, so that neither its code nor the files it
// stores for offline use share the bandwidth with that screen.
void firstScreenSettled()
  .then(() => import('@web/pwa/register-service-worker'))
  .then((module) => module.registerServiceWorker());
