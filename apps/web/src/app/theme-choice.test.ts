import { describe, expect, it } from 'vitest';
import { isThemeMode, themeMode } from './theme-choice';

describe('the theme’s mode', () => {
  it('is the saved choice, whatever the system prefers', () => {
    expect(themeMode('light', true)).toBe('light');
    expect(themeMode('dark', false)).toBe('dark');
  });

  it('follows the system when nothing is saved', () => {
    expect(themeMode(null, true)).toBe('dark');
    expect(themeMode(null, false)).toBe('light');
  });

  it('knows only light and dark as saved choices', () => {
    expect(isThemeMode('dark')).toBe(true);
    expect(isThemeMode('light')).toBe(true);
    expect(isThemeMode('blue')).toBe(false);
    expect(isThemeMode(null)).toBe(false);
  });
});
