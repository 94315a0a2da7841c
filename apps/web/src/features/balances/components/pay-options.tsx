import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Stack, Typography } from '@mui/material';
import type { PaymentOption } from '@quits/domain';
import { CopyButton } from '@web/components/copy-button';
import { QrCode } from '@web/components/qr-code';
import { useTranslation } from 'react-i18next';

/**
 * The payee's ways to be paid for one transfer, most direct first: the SEPA QR code a banking
 * app scans, the IBAN to copy, links with the amount filled in, keys to copy, free text.
 */
export function PayOptions(props: {
  options: readonly PaymentOption[];
  payee: string;
  amount: string;
  reference: string;
}) {
  return (
    <Stack spacing={2}>
      {props.options.map((option) => (
        <PayOptionView
          key={option.kind === 'link' || option.kind === 'copy' ? option.service : option.kind}
          option={option}
          payee={props.payee}
          amount={props.amount}
          reference={props.reference}
        />
      ))}
    </Stack>
  );
}

/** One way to pay. */
function PayOptionView(props: {
  option: PaymentOption;
  payee: string;
  amount: string;
  reference: string;
}) {
  const { t } = useTranslation();
  const { option } = props;
  switch (option.kind) {
    case 'epc':
      return (
        <Stack alignItems="center" spacing={1}>
          <QrCode
            text={option.payload}
            size={224}
            label={t('pay.qrLabel', { amount: props.amount, name: props.payee })}
          />
          <Typography variant="body2" color="text.secondary" textAlign="center">
            {t('pay.scan')}
          </Typography>
        </Stack>
      );
    case 'iban':
      return (
        <Stack spacing={0.5}>
          <Typography variant="overline" color="text.secondary">
            {t('pay.bankTransfer')}
          </Typography>
          <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {option.iban}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {option.bic ? `${option.holder} · ${option.bic}` : option.holder}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('pay.reference', { reference: props.reference })}
          </Typography>
          <Stack direction="row">
            <CopyButton text={option.iban.replace(/\s/g, '')} label={t('pay.copyIban')} />
          </Stack>
        </Stack>
      );
    case 'link':
      return (
        <Stack spacing={0.5} alignItems="flex-start">
          <Button
            variant="outlined"
            href={option.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            {t('pay.payWith', { service: t(`pay.service.${option.service}`) })}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {option.withAmount
              ? t('pay.amountFilled', { amount: props.amount })
              : t('pay.typeAmount', { amount: props.amount })}
          </Typography>
        </Stack>
      );
    case 'copy':
      return (
        <Stack spacing={0.5}>
          <Typography variant="overline" color="text.secondary">
            {t(`pay.service.${option.service}`)}
          </Typography>
          <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap">
            <Typography sx={{ overflowWrap: 'anywhere' }}>{option.value}</Typography>
            <CopyButton text={option.value} label={t('pay.copy')} />
          </Stack>
        </Stack>
      );
    case 'text':
      return (
        <Stack spacing={0.5}>
          <Typography variant="overline" color="text.secondary">
            {t('pay.other')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {option.text}
          </Typography>
        </Stack>
      );
  }
}
