import InstallMobileIcon from '@mui/icons-material/InstallMobile';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dismissInstall, install } from './install-prompt';

/**
 * The title bar's install button, and the install dialog ("install" and "close") the first
 * time the browser offers installation on this device.
 */
export function InstallControls({ askFirst }: { askFirst: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('pwa.install')}
        title={t('pwa.install')}
        onClick={() => void install()}
      >
        <InstallMobileIcon />
      </IconButton>
      <Dialog
        open={askFirst}
        onClose={dismissInstall}
        aria-labelledby="install-title"
        maxWidth="xs"
      >
        <DialogTitle id="install-title">{t('pwa.installTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('pwa.installText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismissInstall}>{t('common.close')}</Button>
          <Button variant="contained" onClick={() => void install()}>
            {t('pwa.installAction')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
