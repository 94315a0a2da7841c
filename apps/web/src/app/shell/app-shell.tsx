import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuIcon from '@mui/icons-material/Menu';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  AppBar,
  Box,
  IconButton,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { OptionalPart } from '@web/components/optional-part';
import { useAddButtonAside } from '@web/features/events/add-button-aside';
import { useFirstScreenSettled } from '@web/lib/first-screen-settled';
import { historyIndex, leaveWith } from '@web/lib/leave-guard';
import { useNotices } from '@web/lib/notices';
import { usePageTitleValue } from '@web/lib/page-title';
import { serverConfigQuery } from '@web/lib/server-config';
import { useQueue } from '@web/offline/command-queue';
import { useOnline } from '@web/offline/online-status';
import { useInstallPrompt } from '@web/pwa/install-prompt';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, Link as RouterLink, useLocation, useNavigate } from 'react-router';

import { useScrollMemory } from './use-scroll-memory';

const DRAWER_WIDTH = 280;

// The drawer loads when first shown: on a phone only once the menu is opened, so that the
// first screen downloads no more than it needs.
// Offline and sync state show only when there is some to show: most visits never need them.
// Their code is fetched once the first screen has settled, so that it is there when the
// network goes away before the service worker holds the app's files (a first visit).
const loadSyncStatus = () => import('@web/offline/components/sync-status');
const loadOfflineNotice = () => import('@web/offline/components/offline-notice');
const SyncStatus = lazy(() => loadSyncStatus().then((module) => ({ default: module.SyncStatus })));
const OfflineNotice = lazy(() =>
  loadOfflineNotice().then((module) => ({ default: module.OfflineNotice })),
);
// Connects only while an event is open and the server offers realtime, once the first screen
// has settled (pusher-js loads then): a first visit's download is the screen's alone.
const LiveUpdates = lazy(() =>
  import('@web/realtime/live-updates').then((module) => ({ default: module.LiveUpdates })),
);
// Mounted with live updates, so that it is loaded while the server answers: it shows exactly
// when the server may not answer (and before the service worker holds the app's files, nothing
// else would have them).
const ReconnectingIndicator = lazy(() =>
  import('@web/realtime/reconnecting-indicator').then((module) => ({
    default: module.ReconnectingIndicator,
  })),
);
// Only when the browser offers installation.
const InstallControls = lazy(() =>
  import('@web/pwa/install-controls').then((module) => ({ default: module.InstallControls })),
);
// Snackbars load with the first message.
const NoticeHost = lazy(() =>
  import('./notice-host').then((module) => ({ default: module.NoticeHost })),
);
const AppNavigation = lazy(() =>
  import('./app-navigation').then((module) => ({ default: module.AppNavigation })),
);
// From 600 px, at once.
const SideNavigation = lazy(() =>
  import('./side-navigation').then((module) => ({ default: module.SideNavigation })),
);

/** An event's home, which is wider than the other screens on a wide screen. */
const HOME_ROUTE = /^\/event\/[^/]+\/home$/;

/** Routes with a back arrow instead of the menu (spec §2). */
const BACK_ROUTES = [
  /^\/event\/expense\//,
  /^\/event\/payment\//,
  /\/settings$/,
  /\/camera$/,
  // A person's balance view is a step below the people screen.
  /\/people\/[^/]+$/,
];

/** The event any event route is about (its forms too), for live updates. */
function openEventOfRoute(path: string): string | null {
  return /^\/event\/(?:(?:expense|payment)\/)?([^/]+)\//.exec(path)?.[1] ?? null;
}

/** The event a route is about, for the settings cog. */
function eventOfRoute(path: string): string | null {
  if (/^\/event\/(expense|payment)\//.test(path)) return null;
  return /^\/event\/([^/]+)\/(?!settings)/.exec(path)?.[1] ?? null;
}

/**
 * The back arrow: the screen before, when the app showed one in this tab; otherwise (a form or
 * the settings opened from a link) up to the event's home, in place of this entry: the arrow
 * never leaves the app.
 */
function goBack(navigate: NavigateFunction, path: string): void {
  if ((historyIndex() ?? 0) > 0) {
    void navigate(-1);
    return;
  }
  const eventId = openEventOfRoute(path);
  void navigate(eventId ? `/event/${eventId}/home` : '/', { replace: true });
}

/**
 * The spec's shell: a title bar with the current title; under 600 px a menu button and a
 * temporary drawer, above it a permanent drawer with the logo and name.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const title = usePageTitleValue();
  const notice = useNotices()[0];
  const online = useOnline();
  const waiting = useQueue().length;
  const syncing = !online || waiting > 0;
  const installPrompt = useInstallPrompt();
  const config = useQuery(serverConfigQuery);
  const showBack = BACK_ROUTES.some((route) => route.test(location.pathname));
  const eventId = eventOfRoute(location.pathname);
  const openEventId = openEventOfRoute(location.pathname);
  const realtime = config.data?.realtime ?? null;
  const settled = useFirstScreenSettled();
  const live = Boolean(openEventId && realtime && settled);
  useEffect(() => {
    // A failed fetch here is no loss: the part tries again when it is shown.
    if (settled) void Promise.all([loadSyncStatus(), loadOfflineNotice()]).catch(() => {});
  }, [settled]);
  useScrollMemory();
  // The event home's add button, while it steps aside from a control under its corner.
  const addAside = useAddButtonAside();

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          width: { sm: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { sm: `${DRAWER_WIDTH}px` },
        }}
      >
        <Toolbar>
          {showBack ? (
            <IconButton
              edge="start"
              color="inherit"
              aria-label={t('nav.back')}
              onClick={() => leaveWith(() => goBack(navigate, location.pathname))}
            >
              {/* Back points the way the text runs from: right, in Arabic and Hebrew. */}
              <ArrowBackIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
            </IconButton>
          ) : (
            !wide && (
              <IconButton
                edge="start"
                color="inherit"
                aria-label={t('nav.openMenu')}
                onClick={() => {
                  setMenuUsed(true);
                  setOpen(true);
                }}
              >
                <MenuIcon />
              </IconButton>
            )
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, ml: 1 }}>
            {title || t('app.name')}
          </Typography>
          {installPrompt.installable && (
            <Suspense fallback={null}>
              <InstallControls askFirst={!installPrompt.dismissed} />
            </Suspense>
          )}
          {live && (
            <Suspense fallback={null}>
              <ReconnectingIndicator />
            </Suspense>
          )}
          {syncing && (
            <OptionalPart name="The sync status">
              <Suspense fallback={null}>
                <SyncStatus />
              </Suspense>
            </OptionalPart>
          )}
          {addAside && addAside === eventId && (
            <IconButton
              color="inherit"
              component={RouterLink}
              to={`/event/expense/${eventId}/new`}
              aria-label={t('home.addExpense')}
            >
              <AddIcon />
            </IconButton>
          )}
          {eventId && (
            <IconButton
              color="inherit"
              component={RouterLink}
              to={`/event/${eventId}/settings`}
              aria-label={t('nav.settings')}
            >
              <SettingsIcon />
            </IconButton>
          )}
        </Toolbar>
      </AppBar>
      <Box component="nav" sx={{ width: { sm: DRAWER_WIDTH }, flexShrink: { sm: 0 } }}>
        {wide ? (
          <Suspense fallback={null}>
            <SideNavigation width={DRAWER_WIDTH} donationUrl={config.data?.donation_url ?? null} />
          </Suspense>
        ) : (
          menuUsed && (
            <Suspense fallback={null}>
              <AppNavigation
                open={open}
                width={DRAWER_WIDTH}
                onClose={() => setOpen(false)}
                donationUrl={config.data?.donation_url ?? null}
              />
            </Suspense>
          )
        )}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Box
          sx={{
            p: { xs: 2, sm: 3 },
            // An event's home lays out two columns on a wide screen, and takes the room for them.
            maxWidth: { xs: 960, lg: HOME_ROUTE.test(location.pathname) ? 1280 : 960 },
            mx: 'auto',
          }}
        >
          {!online && (
            <OptionalPart name="The offline notice">
              <Suspense fallback={null}>
                <OfflineNotice eventId={eventId} />
              </Suspense>
            </OptionalPart>
          )}
          {children}
        </Box>
      </Box>
      {live && openEventId && realtime && (
        <Suspense fallback={null}>
          <LiveUpdates eventId={openEventId} realtime={realtime} />
        </Suspense>
      )}
      {notice && (
        <Suspense fallback={null}>
          <NoticeHost notice={notice} />
        </Suspense>
      )}
    </Box>
  );
}
