import type { SkeletonProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const MuiSkeleton = lazy(() => import('@mui/material/Skeleton'));

/**
 * MUI's Skeleton, loaded when one first shows. The event home shows one only while its data or
 * a part below the fold is on its way (never when the server rendered it), so its code stays out
 * of the first load; until it arrives, the same space stays empty.
 */
export function LazySkeleton(props: SkeletonProps & { height: number }) {
  return (
    <Suspense fallback={<div style={{ height: props.height }} />}>
      <MuiSkeleton {...props} />
    </Suspense>
  );
}
