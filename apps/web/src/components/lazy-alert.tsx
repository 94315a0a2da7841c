import type { AlertProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const MuiAlert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert, loaded when one first shows. The event home only shows one when something went
 * wrong, so its code (and its four icons) stays out of the first load.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <MuiAlert {...props} />
    </Suspense>
  );
}
