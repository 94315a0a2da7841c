import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { User } from '@quits/contract';
import { ApiError } from '@web/lib/http';
import { notify } from '@web/lib/notices';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSavePaymentDetails } from '../api/save-payment-details';
import { DETAIL_FIELDS, detailsOfDraft, draftOf, draftProblems } from './payment-details-fields';

/** Multi-line for free text, which may hold a sort code, an address, a note. */
const MULTILINE = new Set(['other']);

/** How a person can be paid: an IBAN (checked as typed), handles of payment apps, free text. */
export function PaymentDetailsDialog(props: {
  eventId: string;
  person: User;
  whoAmI: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSavePaymentDetails(props.eventId, props.whoAmI);
  const [draft, setDraft] = useState(() => draftOf(props.person.payment_details));
  const [tried, setTried] = useState(false);
  const problems = draftProblems(draft);
  const server = save.error instanceof ApiError ? save.error.errors : {};

  const submit = (submitEvent: FormEvent) => {
    submitEvent.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { personId: props.person.id, details: detailsOfDraft(draft) },
      {
        onSuccess: () => {
          notify(t('paymentDetails.saved'));
          props.onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="payment-details-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="payment-details-title">
        {t('paymentDetails.editTitle', { name: props.person.name })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {t('paymentDetails.explain', { name: props.person.name })}
          </Typography>
          {DETAIL_FIELDS.map((field) => {
            const local = problems[field];
            // Checked when the field is left or the form sent, not at every key stroke.
            const error =
              tried && local ? t(`paymentDetails.invalid.${local}`) : server[field]?.[0];
            return (
              <TextField
                key={field}
                fullWidth
                label={t(`paymentDetails.field.${field}`)}
                value={draft[field]}
                onChange={(change) => setDraft({ ...draft, [field]: change.target.value })}
                onBlur={() => (field === 'iban' || field === 'bic') && setTried(true)}
                multiline={MULTILINE.has(field)}
                minRows={MULTILINE.has(field) ? 2 : undefined}
                slotProps={{
                  htmlInput: {
                    maxLength: field === 'other' ? 500 : field === 'iban' ? 64 : 100,
                    autoCapitalize: field === 'iban' || field === 'bic' ? 'characters' : 'none',
                    spellCheck: false,
                  },
                }}
                error={Boolean(error)}
                helperText={error}
              />
            );
          })}
          {save.error && !(save.error instanceof ApiError && save.error.status === 422) && (
            <Alert severity="error">{t('errors.generic', { message: save.error.message })}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
