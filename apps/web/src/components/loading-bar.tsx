import { keyframes } from '@emotion/react';
import { Box } from '@mui/material';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin indeterminate bar while a screen's code loads, drawn as MUI's `LinearProgress` draws it
 * but without it: the bar is the router's fallback, so every first visit downloads it.
 */
export function LoadingBar() {
  return (
    <Box
      aria-hidden
      sx={{ height: 4, overflow: 'hidden', bgcolor: 'action.hover', position: 'relative' }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
