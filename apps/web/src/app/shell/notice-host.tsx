import { Alert, Button, Snackbar } from '@mui/material';
import { dismissNotice, type Notice } from '../../lib/notices';

/**
 * Shows the current notice: errors and persistent ones stay until closed, those with an action
 * go after ten seconds, the rest after four.
 */
export function NoticeHost({ notice }: { notice: Notice }) {
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
        action={
          notice.action && (
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
          )
        }
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
