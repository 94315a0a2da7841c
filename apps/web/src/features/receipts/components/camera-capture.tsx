import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Alert, Box, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captureFrame } from '../shrink-photo';
import { useCamera } from '../use-camera';
import { PhotoPickerButton } from './photo-picker-button';

/**
 * Taking the picture: the live camera with a large capture button, and a photo from the
 * device beside it. When the camera is refused or missing, a calm word on why, and the
 * device's own camera app or gallery instead.
 */
export function CameraCapture(props: {
  disabled: boolean;
  onPhoto(photo: Blob): void;
  onFile(file: File): void;
}) {
  const { t } = useTranslation();
  const camera = useCamera(true);
  const [capturing, setCapturing] = useState(false);
  const live = camera.state === 'live';
  const blocked = camera.state === 'refused' || camera.state === 'unavailable';

  const capture = async () => {
    const video = camera.video.current;
    if (!video || video.videoWidth === 0) return;
    setCapturing(true);
    try {
      props.onPhoto(await captureFrame(video));
    } finally {
      setCapturing(false);
    }
  };

  return (
    <Stack spacing={2} alignItems="center">
      {blocked ? (
        <Alert severity="info" sx={{ width: '100%' }}>
          {camera.state === 'refused' ? t('receipts.cameraRefused') : t('receipts.cameraMissing')}
        </Alert>
      ) : (
        // The frame hugs the picture, whatever its proportions (a phone's portrait, a laptop's
        // landscape), and leaves room below for the shutter button.
        <Box sx={{ width: '100%', maxWidth: 720, display: 'flex', justifyContent: 'center' }}>
          <Box
            sx={{
              width: live ? 'auto' : '100%',
              maxWidth: '100%',
              bgcolor: 'common.black',
              borderRadius: 2,
              overflow: 'hidden',
              lineHeight: 0,
            }}
          >
            <video
              ref={camera.video}
              muted
              playsInline
              aria-label={t('receipts.preview')}
              style={{
                display: live ? 'block' : 'none',
                maxWidth: '100%',
                maxHeight: '64dvh',
              }}
            />
            {!live && (
              <Stack
                role="status"
                alignItems="center"
                justifyContent="center"
                spacing={1}
                sx={{
                  color: 'common.white',
                  lineHeight: 1.5,
                  aspectRatio: { xs: '3 / 4', sm: '4 / 3' },
                  maxHeight: '64dvh',
                }}
              >
                <CircularProgress color="inherit" size={28} aria-hidden />
                <Typography>{t('receipts.cameraStarting')}</Typography>
              </Stack>
            )}
          </Box>
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" textAlign="center">
        {t('receipts.tip')}
      </Typography>
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        justifyContent="center"
        useFlexGap
        flexWrap="wrap"
      >
        {live && (
          // A round shutter button, as camera apps have; an IconButton rather than a Fab, whose
          // code the event home loads and would then share in a chunk of its own.
          <IconButton
            aria-label={t('receipts.capture')}
            disabled={props.disabled || capturing}
            onClick={() => void capture()}
            sx={{
              width: 72,
              height: 72,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              boxShadow: 3,
              '&:hover': { bgcolor: 'primary.dark' },
              '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
            }}
          >
            <PhotoCameraIcon fontSize="large" />
          </IconButton>
        )}
        {blocked && (
          <PhotoPickerButton
            camera
            variant="contained"
            label={t('receipts.takeWithCameraApp')}
            startIcon={<PhotoCameraIcon />}
            disabled={props.disabled}
            onPick={props.onFile}
          />
        )}
        <PhotoPickerButton
          label={t('receipts.choosePhoto')}
          startIcon={<PhotoLibraryIcon />}
          disabled={props.disabled}
          onPick={props.onFile}
        />
      </Stack>
    </Stack>
  );
}
