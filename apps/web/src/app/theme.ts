import { createTheme, type PaletteMode } from '@mui/material/styles';

/** The words MUI's own components say (a list's open and clear buttons, an alert's close). */
export interface ComponentTexts {
  open: string;
  close: string;
  clear: string;
  noOptions: string;
  loading: string;
}

/**
 * Quits' colours for both modes; contrast checked against WCAG AA for text. `texts` replace
 * MUI's built-in English in the person's language.
 */
export function createAppTheme(mode: PaletteMode, texts: ComponentTexts) {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1f6f5c' : '#6fd1b4' },
      secondary: { main: mode === 'light' ? '#8a4b08' : '#f3b76b' },
      success: { main: mode === 'light' ? '#1b7a3a' : '#7ad69a' },
      error: { main: mode === 'light' ? '#b3261e' : '#f2b8b5' },
      background:
        mode === 'light'
          ? { default: '#f6f8f7', paper: '#ffffff' }
          : { default: '#0f1412', paper: '#18201d' },
    },
    shape: { borderRadius: 12 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    components: {
      MuiAutocomplete: {
        defaultProps: {
          openText: texts.open,
          closeText: texts.close,
          clearText: texts.clear,
          noOptionsText: texts.noOptions,
          loadingText: texts.loading,
        },
      },
      MuiAlert: { defaultProps: { closeText: texts.close } },
    },
  });
}
