import { CssBaseline, type PaletteMode, useMediaQuery } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { mirrorTheme } from '@web/lib/choice-cookies';
import { useDirection } from '@web/lib/direction';
import { readStored, STORAGE_KEYS, writeStored } from '@web/lib/storage';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAppTheme } from './theme';
import { isThemeMode, themeMode } from './theme-choice';

const ModeContext = createContext<{ mode: PaletteMode; setMode(mode: PaletteMode): void }>({
  mode: 'light',
  setMode: () => {},
});

/** Dark or light, by `themeMode` (theme-choice.ts), and the person's choice saved. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [saved, setSaved] = useState(() => readStored(STORAGE_KEYS.theme, isThemeMode));
  const mode: PaletteMode = themeMode(saved, prefersDark);
  // `t` is a new function whenever the language changes, so the texts follow it.
  const { t } = useTranslation();
  const direction = useDirection();
  // Given as MUI's `ThemeProvider` gives a theme without CSS variables to the system's provider
  // (`vars: null`); that provider alone, as MUI's also imports the CSS-variables provider, which
  // every first visit would download for nothing.
  const theme = useMemo(
    () => ({
      ...createAppTheme(mode, direction, {
        open: t('picker.open'),
        close: t('common.close'),
        clear: t('picker.clear'),
        noOptions: t('picker.noOptions'),
        loading: t('picker.loading'),
      }),
      vars: null,
    }),
    [mode, direction, t],
  );
  const value = useMemo(
    () => ({
      mode,
      setMode: (next: PaletteMode) => {
        writeStored(STORAGE_KEYS.theme, next);
        mirrorTheme(next);
        setSaved(next);
      },
    }),
    [mode],
  );
  return (
    <ModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ModeContext.Provider>
  );
}

/** The saved choice, as the server should render with it. */
export const mirrorSavedTheme = () => mirrorTheme(readStored(STORAGE_KEYS.theme, isThemeMode));

export const useThemeMode = () => useContext(ModeContext);
