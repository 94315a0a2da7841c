import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * "Which of these is you?" on the new-event form, among the people typed so far: the answer
 * becomes this device's "who am I" in the new event before it is sent, so that the event's
 * creation and every first change carry the creator's name instead of "someone". Optional:
 * "later" asks on the event's home, as for anyone who opens a shared link.
 */
export function CreatorChoice(props: {
  people: readonly { key: string; name: string }[];
  /** The chosen person's row key, or '' for "later". */
  value: string;
  onChange(key: string): void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}
    >
      <FormLabel component="legend" sx={{ px: 0.5, typography: 'subtitle1' }}>
        {t('newEvent.whoAmI')}
      </FormLabel>
      <FormHelperText sx={{ mx: 0, mt: 0 }}>{t('newEvent.whoAmIHelp')}</FormHelperText>
      <RadioGroup
        row
        value={props.value}
        onChange={(_change, key) => props.onChange(key)}
        aria-label={t('newEvent.whoAmI')}
      >
        {props.people.map((person) => (
          <FormControlLabel
            key={person.key}
            value={person.key}
            control={<Radio />}
            label={person.name}
          />
        ))}
        <FormControlLabel value="" control={<Radio />} label={t('newEvent.whoAmILater')} />
      </RadioGroup>
    </FormControl>
  );
}
