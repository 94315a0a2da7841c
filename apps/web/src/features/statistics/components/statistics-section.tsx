import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One block of the statistics screen: a titled card that names the region for screen readers. */
export function StatisticsSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={props.id} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={props.id} variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}
