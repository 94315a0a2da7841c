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
 * Quits' colours for both modes, laid out in the language's `direction`; contrast checked against WCAG AA for text. `texts` replace
 * MUI's built-in English in the person's language.
 */
export function createAppTheme(mode: PaletteMode, direction: 'ltr' | 'rtl', texts: ComponentTexts) {
  // The focus ring: a solid line in a colour of at least 3:1 against both backgrounds of its
  // mode (WCAG 1.4.11 and 2.4.13), so that the focused control changes its look by that much.
  const ringColour = mode === 'light' ? '#1f6f5c' : '#6fd1b4';
  const ring = `3px solid ${ringColour}`;
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: mode === 'light' ? '#1f6f5c' : '#6fd1b4' },
      secondary: { main: mode === 'light' ? '#8a4b08' : '#f3b76b' },
      success: { main: mode === 'light' ? '#1b7a3a' : '#7ad69a' },
      error: { main: mode === 'light' ? '#b3261e' : '#f2b8b5' },
      // MUI's own light blue and orange carry white text at only 3–4:1 (a filled alert's).
      info: { main: mode === 'light' ? '#01579b' : '#29b6f6' },
      warning: { main: mode === 'light' ? '#a64b00' : '#ffa726' },
      background:
        mode === 'light'
          ? { default: '#f6f8f7', paper: '#ffffff' }
          : { default: '#0f1412', paper: '#18201d' },
    },
    shape: { borderRadius: 12 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // `html` raises the rule above MUI's own `outline: 0` on buttons and links, for every
          // control reached with the keyboard, native ones (links, the language select) too.
          'html :focus-visible': { outline: ring, outlineOffset: 2 },
          // The title bar is coloured in light mode: there the ring takes its text's colour.
          'html .MuiAppBar-root :focus-visible': { outlineColor: 'currentColor' },
          // Rows fill their list or menu: the ring goes inside, where nothing clips it.
          'html .MuiListItemButton-root:focus-visible, html .MuiMenuItem-root:focus-visible': {
            outlineOffset: -3,
          },
          // A text field's ring goes round its whole box, not round the text inside it.
          'html .MuiInputBase-input:focus-visible': { outline: 'none' },
          'html .MuiInputBase-root:has(.MuiInputBase-input:focus-visible)': {
            outline: ring,
            outlineOffset: 2,
          },
          // An outlined field's label sits on its border, where a ring outside would cross it:
          // its border itself becomes the ring (red stays red on a field with an error).
          'html .MuiOutlinedInput-root:has(.MuiInputBase-input:focus-visible)': { outline: 'none' },
          'html .MuiOutlinedInput-root:has(.MuiInputBase-input:focus-visible) .MuiOutlinedInput-notchedOutline':
            { borderWidth: 3 },
          'html .MuiOutlinedInput-root:not(.Mui-error):has(.MuiInputBase-input:focus-visible) .MuiOutlinedInput-notchedOutline':
            { borderColor: ringColour },
          // A switch's or checkbox's input is invisible over it: the ring goes round the control.
          'html .PrivateSwitchBase-input:focus-visible': { outline: 'none' },
          'html .PrivateSwitchBase-root:has(> .PrivateSwitchBase-input:focus-visible)': {
            outline: ring,
          },
        },
      },
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
