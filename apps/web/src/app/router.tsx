import { LoadingBar } from '@web/components/loading-bar';
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { laterTexts } from './i18n';
import { AppShell } from './shell/app-shell';

/** A screen past the first ones, loaded with the texts it shows (app/text-parts.ts). */
const withLaterTexts = <Module,>(load: () => Promise<Module>) =>
  Promise.all([load(), laterTexts()]).then(([module]) => module);

// Every screen loads on demand (spec §2); named exports are mapped to lazy's default.
const HomePage = lazy(() => import('@web/pages/home-page').then((m) => ({ default: m.HomePage })));
const NewEventPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/events/components/new-event-page').then((m) => ({
      default: m.NewEventPage,
    })),
  ),
);
const EventHomePage = lazy(() =>
  import('@web/features/events/components/event-home-page').then((m) => ({
    default: m.EventHomePage,
  })),
);
const ExpenseFormPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/expenses/components/expense-form-page').then((m) => ({
      default: m.ExpenseFormPage,
    })),
  ),
);
const PaymentFormPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/payments/components/payment-form-page').then((m) => ({
      default: m.PaymentFormPage,
    })),
  ),
);
const ExpenseListPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/expenses/components/expense-list-page').then((m) => ({
      default: m.ExpenseListPage,
    })),
  ),
);
const PeoplePage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/people/components/people-page').then((m) => ({ default: m.PeoplePage })),
  ),
);
const PersonPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/people/components/person-page').then((m) => ({ default: m.PersonPage })),
  ),
);
const SettingsPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/settings/components/settings-page').then((m) => ({
      default: m.SettingsPage,
    })),
  ),
);
// Its charts (MUI X Charts) load with this screen only.
const StatisticsPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/statistics/components/statistics-page').then((m) => ({
      default: m.StatisticsPage,
    })),
  ),
);
const RecurringPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/recurring/components/recurring-page').then((m) => ({
      default: m.RecurringPage,
    })),
  ),
);
const ReportPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/report/components/report-page').then((m) => ({ default: m.ReportPage })),
  ),
);
const CameraPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/receipts/components/camera-page').then((m) => ({
      default: m.CameraPage,
    })),
  ),
);
const HistoryPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/history/components/history-page').then((m) => ({
      default: m.HistoryPage,
    })),
  ),
);
const ImportPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/features/transfer/components/import-page').then((m) => ({
      default: m.ImportPage,
    })),
  ),
);
const AboutPage = lazy(() =>
  withLaterTexts(() => import('@web/pages/about-page').then((m) => ({ default: m.AboutPage }))),
);
const NotFoundPage = lazy(() =>
  withLaterTexts(() =>
    import('@web/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
  ),
);
const LastEventRedirect = lazy(() =>
  import('@web/pages/last-event-redirect').then((m) => ({ default: m.LastEventRedirect })),
);

const screen = (element: ReactNode) => <Suspense fallback={<LoadingBar />}>{element}</Suspense>;

/** The app's routes, drawn by `AppRoutes`. */
const routes: RouteObject[] = [
  {
    element: (
      <AppShell>
        <Outlet />
      </AppShell>
    ),
    children: [
      { path: '/', element: screen(<HomePage />) },
      { path: '/new-event', element: screen(<NewEventPage />) },
      { path: '/event/:eventId/home', element: screen(<EventHomePage />) },
      { path: '/event/expense/:eventId/:expenseId', element: screen(<ExpenseFormPage />) },
      { path: '/event/:eventId/expenses', element: screen(<ExpenseListPage />) },
      { path: '/event/payment/:eventId/:paymentId', element: screen(<PaymentFormPage />) },
      { path: '/event/:eventId/people', element: screen(<PeoplePage />) },
      { path: '/event/:eventId/people/:personId', element: screen(<PersonPage />) },
      { path: '/event/:eventId/settings', element: screen(<SettingsPage />) },
      { path: '/event/:eventId/camera', element: screen(<CameraPage />) },
      { path: '/event/:eventId/statistics', element: screen(<StatisticsPage />) },
      { path: '/event/:eventId/recurring', element: screen(<RecurringPage />) },
      { path: '/event/:eventId/history', element: screen(<HistoryPage />) },
      { path: '/event/:eventId/report', element: screen(<ReportPage />) },
      { path: '/import', element: screen(<ImportPage />) },
      { path: '/about', element: screen(<AboutPage />) },
      { path: '/last-event', element: screen(<LastEventRedirect />) },
      { path: '*', element: screen(<NotFoundPage />) },
    ],
  },
];

/**
 * The screen of the current path, inside the browser's router (main.tsx) or the server's, which
 * renders a first screen (src/ssr/render-first-screen.tsx). Routes as elements, not a data router
 * (`createBrowserRouter`): no screen uses loaders or actions, and the data router's code would be
 * about a tenth of a first visit's download.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
