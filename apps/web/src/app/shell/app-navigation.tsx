import { Drawer } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AppDrawerContent } from './app-drawer';

/** The temporary drawer under 600 px, opened by the menu button (spec §2). */
export function AppNavigation(props: {
  open: boolean;
  width: number;
  onClose(): void;
  donationUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      variant="temporary"
      open={props.open}
      onClose={props.onClose}
      sx={{ '& .MuiDrawer-paper': { width: props.width } }}
      // Its paper is the dialog a screen reader enters: it says what it is.
      slotProps={{ paper: { 'aria-label': t('nav.menu') } }}
    >
      <AppDrawerContent onNavigate={props.onClose} donationUrl={props.donationUrl} />
    </Drawer>
  );
}
