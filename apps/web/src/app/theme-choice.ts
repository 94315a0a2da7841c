/** The theme's two modes (MUI's `PaletteMode`). */
export type ThemeMode = 'light' | 'dark';

export const isThemeMode = (value: unknown): value is ThemeMode =>
  value === 'light' || value === 'dark';

/**
 * Dark or light: the saved choice, else the system's preference (spec §4). The app
 * (theme-mode.tsx), the server's render (ssr/first-screen-device.ts, which knows no system
 * preference) and the first-screen script (first-screen-script/) all decide by it. No imports:
 * the first-screen script is inlined in every page.
 */
export function themeMode(saved: ThemeMode | null, prefersDark: boolean): ThemeMode {
  return saved ?? (prefersDark ? 'dark' : 'light');
}
