import { FormControl, FormControlLabel, InputLabel, NativeSelect, Switch } from '@mui/material';
import { LANGUAGE_NAMES } from '@quits/contract/language-names';
import { prepareDirection } from '@web/app/emotion-caches';
import { useThemeMode } from '@web/app/theme-mode';
import { useTranslation } from 'react-i18next';

/** The drawer's dark mode switch and language choice. */
export function DrawerPreferences() {
  const { t, i18n } = useTranslation();
  const { mode, setMode } = useThemeMode();
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={mode === 'dark'}
            onChange={(_event, checked) => setMode(checked ? 'dark' : 'light')}
          />
        }
        label={t('nav.darkMode')}
      />
      <FormControl size="small" fullWidth>
        <InputLabel variant="standard" htmlFor="language-select">
          {t('nav.language')}
        </InputLabel>
        {/* A native select: light to load, and the phone's own picker. */}
        <NativeSelect
          id="language-select"
          value={i18n.language}
          onChange={(event) => {
            const language = event.target.value;
            // Right to left, the styles' mirroring plugin first (app/emotion-caches.ts).
            void prepareDirection(language).then(() => i18n.changeLanguage(language));
          }}
        >
          {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </>
  );
}
