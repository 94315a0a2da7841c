import { Stack } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** A form laid out as the app's forms are: one column, centred, browser validation off. */
export function FormStack(props: {
  maxWidth: number;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      spacing={3}
      onSubmit={props.onSubmit}
      noValidate
      sx={{ width: '100%', maxWidth: props.maxWidth, mx: 'auto' }}
    >
      {props.children}
    </Stack>
  );
}
