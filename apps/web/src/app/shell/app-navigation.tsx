import { Drawer, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AppDrawerContent } from './app-drawer';

/** The side drawer: permanent with the logo and name from 600 px, temporary below (spec §2). */
export function AppNavigation(props: {
  wide: boolean;
  open: boolean;
  width: number;
  onClose(): void;
  donationUrl: string | null;
}) {
  const { t } = useTranslation();
  const content = <AppDrawerContent onNavigate={props.onClose} donationUrl={props.donationUrl} />;
  const paper = { '& .MuiDrawer-paper': { width: props.width } };
  if (!props.wide) {
    return (
      <Drawer
        variant="temporary"
        open={props.open}
        onClose={props.onClose}
        sx={paper}
        // Its paper is the dialog a screen reader enters: it says what it is.
        slotProps={{ paper: { 'aria-label': t('nav.menu') } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer variant="permanent" open sx={paper}>
      <Toolbar
        component={RouterLink}
        to="/"
        // The link fills the drawer, which would clip a ring outside it: it goes inside.
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
      {content}
    </Drawer>
  );
}
