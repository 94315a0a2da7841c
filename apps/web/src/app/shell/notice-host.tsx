import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Snackbar } from '@mui/material';
import { dismissNotice, type Notice } from '@web/lib/notices';
import { useTranslation } from 'react-i18next';

/**
 * Shows the current notice: errors and persistent ones stay until closed, those with an action
 * go after ten seconds, the rest after four.
 */
export function NoticeHost({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const close = () => dismissNotice(notice.id);
  return (
    <Snackbar
      key={notice.id}
      open
      autoHideDuration={
        notice.persistent || notice.severity === 'error' ? null : notice.action ? 10_000 : 4000
      }
      onClose={(_event, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the floating "add expense" button on a phone, so that it never hides it.
      sx={{ bottom: { xs: 96, sm: 24 } }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        onClose={close}
        sx={{ width: '100%' }}
        // With an action, the close button must be given beside it (MUI replaces it otherwise).
        action={
          notice.action && (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  close();
                  notice.action?.run();
                }}
              >
                {notice.action.label}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label={t('common.close')}
                onClick={close}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
