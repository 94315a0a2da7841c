import { Stack } from '@mui/material';
import { useFocusFirstInvalid } from '@web/lib/first-invalid';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form laid out as the app's forms are: one column, centred, browser validation off. A send
 * that finds problems moves the focus to the first field in error, brought into view: on a
 * phone the problems may be far above or below the button.
 */
export function FormStack(props: {
  maxWidth: number;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  const firstInvalid = useFocusFirstInvalid<HTMLFormElement>();
  return (
    <Stack
      ref={firstInvalid.ref}
      component="form"
      spacing={3}
      onSubmit={(event: FormEvent) => {
        props.onSubmit(event);
        firstInvalid.attempted();
      }}
      noValidate
      sx={{ width: '100%', maxWidth: props.maxWidth, mx: 'auto' }}
    >
      {props.children}
    </Stack>
  );
}
