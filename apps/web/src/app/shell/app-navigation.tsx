import { Drawer } from '@mui/material';
import { AppDrawerContent } from './app-drawer';

/** The temporary drawer under 600 px, opened by the menu button (spec §2). */
export function AppNavigation(props: {
  open: boolean;
  width: number;
  onClose(): void;
  donationUrl: string | null;
}) {
  return (
    <Drawer
      variant="temporary"
      open={props.open}
      onClose={props.onClose}
      sx={{ '& .MuiDrawer-paper': { width: props.width } }}
    >
      <AppDrawerContent onNavigate={props.onClose} donationUrl={props.donationUrl} />
    </Drawer>
  );
}
