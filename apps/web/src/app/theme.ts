import { createTheme, type PaletteMode } from '@mui/material/styles';

/** Quits' colours for both modes; contrast checked against WCAG AA for text. */
export function createAppTheme(mode: PaletteMode) {
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
  });
}
