import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { SplitMode } from '@quits/domain';
import { useTranslation } from 'react-i18next';
import type { DraftMode } from '../expense-draft';

const MODES: SplitMode[] = ['evenly', 'shares', 'percent', 'exact'];

/**
 * The narrowest width at which every language's buttons fit on one row (Spanish and German are
 * the longest, "By items" included): below it the modes are a select, which never wraps. A
 * container query, not the window's width, as the form's own width is what they must fit in.
 */
const ONE_ROW_PX = 600;
const narrow = `@container split-mode (max-width: ${ONE_ROW_PX - 0.05}px)`;
const wide = `@container split-mode (min-width: ${ONE_ROW_PX}px)`;

/** How to split: buttons on one row where they fit, else a select; the same choice either way. */
export function SplitModePicker(props: {
  mode: DraftMode;
  hasItems: boolean;
  onChange(mode: DraftMode): void;
}) {
  const { t } = useTranslation();
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
        sx={{ flexWrap: 'nowrap', [narrow]: { display: 'none' } }}
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
        sx={{ [wide]: { display: 'none' } }}
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
