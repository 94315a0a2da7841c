import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Attachment } from '@quits/contract';
import { useOnline } from '@web/lib/online';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl } from '../api/attachment-files';

/**
 * An attached photo, full screen on a phone, with a placeholder while it loads and a reason when
 * it cannot; "download" saves it as it is kept (upright, without its metadata).
 */
export function AttachmentDialog(props: {
  eventId: string;
  attachment: Attachment | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const online = useOnline();
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const { attachment } = props;
  const url = attachment ? attachmentUrl(props.eventId, attachment.id) : '';
  return (
    <Dialog
      open={attachment !== null}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      // Each time it opens, a file that failed is asked for again.
      slotProps={{ transition: { onExited: () => setState('loading') } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {attachment?.name}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={props.onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ display: 'grid', placeItems: 'center' }}>
        {state === 'loading' && <Skeleton variant="rounded" width={280} height={360} />}
        {state === 'failed' ? (
          <Alert severity="error">
            {online ? t('attachments.loadFailed') : t('attachments.loadOffline')}
          </Alert>
        ) : (
          attachment && (
            <Box
              component="img"
              src={url}
              alt={t('attachments.photoAlt', { name: attachment.name })}
              onLoad={() => setState('shown')}
              onError={() => setState('failed')}
              sx={{
                display: state === 'shown' ? 'block' : 'none',
                maxWidth: '100%',
                maxHeight: { xs: 'none', sm: '75dvh' },
                objectFit: 'contain',
              }}
            />
          )
        )}
      </DialogContent>
      <DialogActions>
        {attachment && (
          <Button href={attachmentUrl(props.eventId, attachment.id, true)} download>
            {t('attachments.download')}
          </Button>
        )}
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
