import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, esES, frFR, itIT, viVN, zhCN } from '@mui/x-date-pickers/locales';
import { loadDateLocale } from '@web/lib/date-locale';
import { formatLocale } from '@web/lib/locale';
import { format, isValid, parseISO } from 'date-fns';
import { use } from 'react';
import { useTranslation } from 'react-i18next';

// The picker's own words (its buttons and its screen reader labels) in the app's language.
const PICKER_TEXTS = { en: enUS, de: deDE, es: esES, fr: frFR, it: itIT, vi: viVN, zh: zhCN };

// Started as soon as a form's chunk loads, so the field rarely has to wait for it.
void loadDateLocale(formatLocale());

/** `YYYY-MM-DD`, the calendar date the API stores, as a local date; null when empty or invalid. */
function fromIso(iso: string): Date | null {
  if (iso === '') return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

/**
 * A date field that reads and writes dates as the app's language does (15.03.2026 in German,
 * 15/03/2026 in British English, 2026/03/15 in Chinese) whatever the browser's own locale, with a
 * calendar whose week starts on the language's day. Its value stays the ISO date the API uses:
 * '' while the field is empty or not yet a whole date. Forms load it lazily with themselves.
 */
export function DateField(props: {
  label: string;
  value: string;
  onChange(iso: string): void;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
}) {
  const { i18n } = useTranslation();
  const locale = use(loadDateLocale(formatLocale()));
  const texts = PICKER_TEXTS[i18n.language as keyof typeof PICKER_TEXTS] ?? enUS;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale}
      localeText={texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DatePicker
        label={props.label}
        value={fromIso(props.value)}
        onChange={(date) => props.onChange(date && isValid(date) ? format(date, 'yyyy-MM-dd') : '')}
        // A plain input, as every other field: it reads its value and takes typing and pasting.
        enableAccessibleFieldDOMStructure={false}
        sx={props.sx}
        slotProps={{
          textField: { error: props.error, helperText: props.helperText },
        }}
      />
    </LocalizationProvider>
  );
}
