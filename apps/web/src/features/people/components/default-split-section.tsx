import { Button, Stack, TextField, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { parseAmount } from '@quits/domain';
import { formatLocale } from '@web/lib/locale';
import { minorToInput } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetDefaultWeight } from '../api/set-default-weight';

/** The most a share may be (the contract's `defaultWeightSchema`), in hundredths. */
const MAX_HUNDREDTHS = 100_00;

/** A share as the language writes it, without trailing zeros: "2", "1,5". */
function shareText(weight: number): string {
  return minorToInput(Math.round(weight * 100), 2).replace(/[.,]?0+$/, '');
}

/** The share typed, or null when it is not a number above 0 and at most 100 with two decimals. */
function parseShare(text: string): number | null {
  const hundredths = parseAmount(text, 2, formatLocale());
  return hundredths !== null && hundredths > 0 && hundredths <= MAX_HUNDREDTHS
    ? hundredths / 100
    : null;
}

/**
 * The event's default split: each person's share, which every new expense starts from (a couple
 * counts 2). Saved per person who changed, offline too.
 */
export function DefaultSplitSection(props: {
  eventId: string;
  people: readonly User[];
  whoAmI: string | null;
}) {
  const { t } = useTranslation();
  const saved = (user: User) => user.default_weight ?? 1;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(props.people.map((user) => [user.id, shareText(saved(user))])),
  );
  const setWeight = useSetDefaultWeight(props.eventId, props.whoAmI);
  const typed = props.people.map((user) => {
    const text = texts[user.id] ?? shareText(saved(user));
    return { user, text, weight: parseShare(text) };
  });
  const valid = typed.every(({ weight }) => weight !== null);
  const changed = typed.filter(({ user, weight }) => weight !== null && weight !== saved(user));

  const save = async () => {
    for (const { user, weight } of changed) {
      if (weight !== null) await setWeight.mutateAsync({ personId: user.id, weight });
    }
    notify(t('defaultSplit.saved'));
  };

  return (
    <Stack spacing={1.5}>
      <Typography color="text.secondary">{t('defaultSplit.hint')}</Typography>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1.5}>
        {typed.map(({ user, text, weight }) => (
          <TextField
            key={user.id}
            label={user.name}
            value={text}
            onChange={(change) => setTexts({ ...texts, [user.id]: change.target.value })}
            error={weight === null}
            helperText={weight === null ? t('defaultSplit.invalid') : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: { xs: '100%', sm: 180 } }}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={changed.length === 0 || !valid || setWeight.isPending}
          onClick={() => {
            save().catch(() => notify(t('defaultSplit.failed'), 'error'));
          }}
        >
          {t('defaultSplit.save')}
        </Button>
        <Button
          disabled={typed.every(({ weight }) => weight === 1)}
          onClick={() =>
            setTexts(Object.fromEntries(props.people.map((user) => [user.id, shareText(1)])))
          }
        >
          {t('defaultSplit.even')}
        </Button>
      </Stack>
    </Stack>
  );
}
