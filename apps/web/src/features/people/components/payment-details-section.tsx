import { Button, Stack, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PaymentDetailsDialog = lazy(async () => ({
  default: (await import('./payment-details-dialog')).PaymentDetailsDialog,
}));

/**
 * How this person can be paid, on their page: what they gave, and a button to add or change it.
 * Anyone in the event may fill it in, as anyone may rename a person.
 */
export function PaymentDetailsSection(props: {
  eventId: string;
  person: User;
  whoAmI: string | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const details = props.person.payment_details;
  const given = details
    ? Object.keys(details)
        .filter((field) => field !== 'bic' && field !== 'account_holder')
        .map((field) => t(`paymentDetails.field.${field}`))
    : [];
  return (
    <section aria-labelledby="payment-details-heading">
      <Typography id="payment-details-heading" variant="h6" component="h2">
        {t('paymentDetails.title')}
      </Typography>
      <Stack spacing={1} alignItems="flex-start">
        <Typography color="text.secondary">
          {given.length > 0
            ? t('paymentDetails.given', { list: given.join(', ') })
            : t('paymentDetails.none', { name: props.person.name })}
        </Typography>
        {!props.readOnly && (
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {given.length > 0 ? t('paymentDetails.edit') : t('paymentDetails.add')}
          </Button>
        )}
      </Stack>
      {editing && (
        <Suspense fallback={null}>
          <PaymentDetailsDialog
            eventId={props.eventId}
            person={props.person}
            whoAmI={props.whoAmI}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
