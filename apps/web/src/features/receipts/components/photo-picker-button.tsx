import { Button, type ButtonProps } from '@mui/material';
import { type ReactNode, useRef } from 'react';

/**
 * A button that opens the device's photo picker. With `camera`, a phone opens its camera app
 * straight away (the path when the live camera is refused); without, it offers the gallery too.
 * A real button opens the hidden input, so that the keyboard reaches it as any other.
 */
export function PhotoPickerButton(props: {
  label: string;
  camera?: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  startIcon?: ReactNode;
  onPick(file: File): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={props.variant ?? 'outlined'}
        startIcon={props.startIcon}
        disabled={props.disabled}
        size="large"
        onClick={() => input.current?.click()}
      >
        {props.label}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept="image/*"
        capture={props.camera ? 'environment' : undefined}
        aria-label={props.label}
        onChange={(change) => {
          const file = change.target.files?.[0];
          // Cleared, so that choosing the same file again is noticed.
          change.target.value = '';
          if (file) props.onPick(file);
        }}
      />
    </>
  );
}
