import { Card, CardContent, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

/** One titled card of the settings screen, labelled for screen readers by its heading. */
export function SettingsSection(props: { title: string; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      id={props.id}
      // Opened at its id (#invite), its heading stops below the title bar, not under it.
      sx={{ scrollMarginTop: { xs: 72, sm: 80 } }}
    >
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}
