import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DraftMode } from '../expense-draft';

const MODES: Exclude<DraftMode, 'items'>[] = ['evenly', 'shares', 'percent', 'exact', 'days'];

/**
 * The narrowest width at which every language's buttons fit on one row (Spanish and German are
 * the longest, about 680 px for the five modes and 815 px with "By items"): below it the modes
 * are a select, which never wraps. A container query, not the window's width, as the form's own
 * width is what they must fit in.
 */
const ONE_ROW_PX = { modes: 720, withItems: 860 };
const narrow = (px: number) => `@container split-mode (max-width: ${px - 0.05}px)`;
const wide = (px: number) => `@container split-mode (min-width: ${px}px)`;

/** How to split: buttons on one row where they fit, else a select; the same choice either way. */
export function SplitModePicker(props: {
  mode: DraftMode;
  hasItems: boolean;
  onChange(mode: DraftMode): void;
}) {
  const { t } = useTranslation();
  const oneRow = props.hasItems ? ONE_ROW_PX.withItems : ONE_ROW_PX.modes;
  const modes: { value: DraftMode; label: string }[] = [
    ...MODES.map((mode) => ({ value: mode, label: t(`expense.mode.${mode}`) })),
    ...(props.hasItems ? [{ value: 'items' as const, label: t('receipts.byItems') }] : []),
  ];
  return (
    <Box sx={{ containerType: 'inline-size', containerName: 'split-mode' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={props.mode}
        onChange={(_event, mode: DraftMode | null) => mode && props.onChange(mode)}
        aria-label={t('expense.splitMode')}
        sx={{ flexWrap: 'nowrap', [narrow(oneRow)]: { display: 'none' } }}
      >
        {modes.map((mode) => (
          <ToggleButton key={mode.value} value={mode.value} sx={{ whiteSpace: 'nowrap' }}>
            {mode.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        fullWidth
        label={t('expense.splitMode')}
        value={props.mode}
        onChange={(change) => {
          const chosen = modes.find((mode) => mode.value === change.target.value);
          if (chosen) props.onChange(chosen.value);
        }}
        slotProps={{ select: { native: true } }}
        sx={{ [wide(oneRow)]: { display: 'none' } }}
      >
        {modes.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
