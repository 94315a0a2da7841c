import { Paper, Toolbar, Typography } from '@mui/material';
import { useFirstScreenSettled } from '@web/lib/first-screen-settled';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

// The panel's lists (events, an event's sections, preferences) come once the first screen has
// settled: a first visit on a wide screen downloads the screen it opened, not the menu beside it.
const AppDrawerContent = lazy(() =>
  import('./app-drawer').then((module) => ({ default: module.AppDrawerContent })),
);

/**
 * The permanent drawer from 600 px, with the logo and name (spec §2): drawn as MUI's permanent
 * `Drawer` draws it, a paper fixed along the left edge, without `Drawer` itself, which imports
 * the modal and slide of the phone's drawer (a twentieth of a wide screen's first download).
 */
export function SideNavigation(props: { width: number; donationUrl: string | null }) {
  const { t } = useTranslation();
  const settled = useFirstScreenSettled();
  return (
    <Paper
      square
      elevation={0}
      sx={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        height: '100%',
        width: props.width,
        display: 'flex',
        flexDirection: 'column',
        overflowY: 'auto',
        zIndex: theme.zIndex.drawer,
        borderRight: 1,
        borderColor: 'divider',
      })}
    >
      <Toolbar
        component={RouterLink}
        to="/"
        // The link fills the panel, which would clip a ring outside it: it goes inside.
        sx={{
          gap: 1.5,
          color: 'text.primary',
          textDecoration: 'none',
          '&:focus-visible': { outlineOffset: -3 },
        }}
      >
        <img src="/icon.svg" alt="" width={32} height={32} />
        <Typography variant="h6" component="span">
          {t('app.name')}
        </Typography>
      </Toolbar>
      {settled && (
        <Suspense fallback={null}>
          <AppDrawerContent onNavigate={() => {}} donationUrl={props.donationUrl} />
        </Suspense>
      )}
    </Paper>
  );
}
