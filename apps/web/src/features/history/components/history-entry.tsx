import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RepeatIcon from '@mui/icons-material/Repeat';
import RestoreIcon from '@mui/icons-material/Restore';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Avatar, Box, Button, ListItem, ListItemAvatar, Stack, Typography } from '@mui/material';
import type { Activity } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { activityKey, entitySubject } from '@web/features/events';
import { useDirection } from '@web/lib/direction';
import { useTranslation } from 'react-i18next';
import type { FieldChange } from '../entry-changes';

const ICONS = {
  expenditure: ReceiptLongOutlinedIcon,
  payment: SwapHorizIcon,
  user: PersonOutlineIcon,
  event: EventOutlinedIcon,
  recurrence: RepeatIcon,
} as const;

/** The colour that tells what happened at a glance; the sentence says it in words. */
const TONES = {
  created: 'primary',
  updated: 'info',
  deleted: 'error',
  restored: 'success',
} as const;

/** Read by screen readers, not shown: the arrow's words. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: in `sx` a number up to 1 is a fraction of the parent's width.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * One change of the history: who did what (and from which device), at what time, the fields an
 * edit changed from → to, the amount it was about, and "Restore" for a deletion still standing.
 */
export function HistoryEntry(props: {
  row: Activity;
  who: string;
  time: string;
  /** "this device" or "another device". */
  device: string;
  /** The expense's or payment's amount, as the reader reads money. */
  amount: string | null;
  changes: readonly FieldChange[];
  restore: { busy: boolean; run(): void } | null;
}) {
  const { t } = useTranslation();
  const rtl = useDirection() === 'rtl';
  const { row } = props;
  const Icon = ICONS[row.entity];
  const tone = TONES[row.action];
  const sentence = t(activityKey(row), {
    who: props.who,
    what: entitySubject(row.entity === 'payment', row.after ?? row.before),
  });
  return (
    <ListItem divider alignItems="flex-start" sx={{ px: { xs: 0, sm: 2 } }}>
      <ListItemAvatar sx={{ minWidth: 52, mt: 0.5 }}>
        <Avatar
          sx={{ bgcolor: `${tone}.main`, color: `${tone}.contrastText`, width: 36, height: 36 }}
        >
          <Icon fontSize="small" />
        </Avatar>
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} justifyContent="space-between" alignItems="baseline">
          <Typography sx={{ overflowWrap: 'anywhere' }}>{sentence}</Typography>
          {props.amount && (
            <Typography
              color={row.action === 'deleted' ? 'text.secondary' : 'text.primary'}
              sx={{
                whiteSpace: 'nowrap',
                fontVariantNumeric: 'tabular-nums',
                textDecoration: row.action === 'deleted' ? 'line-through' : 'none',
              }}
            >
              <Amount>{props.amount}</Amount>
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {props.time} · {props.device}
        </Typography>
        {props.changes.length > 0 && (
          <Box
            component="dl"
            aria-label={t('history.changes')}
            sx={{ m: 0, mt: 1, display: 'grid', gap: 0.5 }}
          >
            {props.changes.map((change) => (
              <Box key={change.label} sx={{ overflowWrap: 'anywhere' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {change.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {change.before || t('history.empty')}
                  </Box>
                  <Box component="span" aria-hidden sx={{ mx: 0.75 }}>
                    {rtl ? '←' : '→'}
                  </Box>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {` ${t('history.becomes')} `}
                  </Box>
                  <Box component="span" sx={{ fontWeight: 500 }}>
                    {change.after || t('history.empty')}
                  </Box>
                </Typography>
              </Box>
            ))}
          </Box>
        )}
        {props.restore && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<RestoreIcon />}
            disabled={props.restore.busy}
            onClick={props.restore.run}
            sx={{ mt: 1 }}
          >
            {t('history.restore')}
          </Button>
        )}
      </Box>
    </ListItem>
  );
}
