import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useOnline } from '@web/offline/online-status';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the dialog says while the image loads, when it fails, and when it fails offline. */
export interface StoredImageWords {
  loading: string;
  failed: string;
  offline: string;
}

/** The image, with a placeholder while it loads and a reason when it cannot. */
function StoredImage(props: {
  url: string;
  alt: string;
  words: StoredImageWords;
  onShown(): void;
}) {
  const online = useOnline();
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  return (
    <>
      {state === 'loading' && (
        <Skeleton variant="rounded" width={280} height={400} aria-label={props.words.loading} />
      )}
      {state === 'failed' ? (
        <Alert severity="error">{online ? props.words.failed : props.words.offline}</Alert>
      ) : (
        <Box
          component="img"
          src={props.url}
          alt={props.alt}
          onLoad={() => {
            setState('shown');
            props.onShown();
          }}
          onError={() => setState('failed')}
          sx={{
            display: state === 'shown' ? 'block' : 'none',
            maxWidth: '100%',
            maxHeight: { xs: 'none', sm: '75dvh' },
            objectFit: 'contain',
          }}
        />
      )}
    </>
  );
}

/**
 * An image the server keeps (a receipt's photo, an attached one), full screen on a phone, with
 * the actions given (open it alone, download it) and a close button. `actions` gets whether the
 * image has shown, so that they can wait for it.
 */
export function StoredImageDialog(props: {
  open: boolean;
  title: string;
  url: string;
  alt: string;
  words: StoredImageWords;
  actions(shown: boolean): ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [shown, setShown] = useState(false);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
    >
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {props.title}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={props.onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ display: 'grid', placeItems: 'center' }}>
        {/* Mounted while open only, so that an image that failed is asked for again next time. */}
        {props.open && (
          <StoredImage
            key={props.url}
            url={props.url}
            alt={props.alt}
            words={props.words}
            onShown={() => setShown(true)}
          />
        )}
      </DialogContent>
      <DialogActions>{props.actions(shown)}</DialogActions>
    </Dialog>
  );
}
