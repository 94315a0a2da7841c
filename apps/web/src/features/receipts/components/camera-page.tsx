import { Alert, Box, Button, Stack } from '@mui/material';
import type { Event } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { EventLoadState, useEvent, useWhoAmI } from '@web/features/events';
import { currencyDecimals, formatMoney } from '@web/lib/money';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useOnline } from '@web/offline/online-status';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { analysisErrorText, photoProblemText } from '../analysis-error';
import { useAnalyzeReceipt } from '../api/analyze-receipt';
import { photoProblem } from '../photo-check';
import { withCurrency } from '../receipt-currency';
import { shrinkPhoto } from '../shrink-photo';
import { AnalysisView } from './analysis-view';
import { CameraCapture } from './camera-capture';
import { ReceiptDialog } from './receipt-dialog';
import { UploadProgress } from './upload-progress';

/** Read aloud by screen readers, not shown: the live region of the steps. In px: 1 is 100 % in sx. */
const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The receipt camera, /event/{id}/camera: take a picture, have it read, make the expense. */
export function CameraPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  usePageTitle(t('receipts.title'));
  if (!event.data) return <EventLoadState error={event.error} heights={[420]} />;
  return <ReceiptCamera event={event.data} />;
}

function ReceiptCamera({ event }: { event: Event }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const me = useWhoAmI(event.id);
  const currencies = useQuery(currenciesQuery()).data ?? [];
  // Leaving the screen cancels an upload nobody waits for any more.
  const { state, analyze, reset } = useAnalyzeReceipt(event.id, me);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [viewing, setViewing] = useState(false);
  // The currency the person chose for this receipt instead of the one read.
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const send = async (blob: Blob) => {
    setProblem(null);
    setChosenCurrency(null);
    setPhoto({ blob, url: URL.createObjectURL(blob) });
    const outcome = await analyze(blob);
    if (outcome === null) return;
    if (outcome instanceof Error) {
      notify(t('receipts.failed'), 'error');
      setProblem(analysisErrorText(outcome, t));
    } else {
      notify(t('receipts.analyzed'));
    }
  };
  const pick = async (file: File) => {
    const found = photoProblem(file);
    if (found) {
      setProblem(photoProblemText(found, t));
      return;
    }
    await send(await shrinkPhoto(file));
  };
  const retake = () => {
    reset();
    setProblem(null);
    setPhoto(null);
  };

  const pending = state.status === 'pending';
  const decimalsOf = (id: string) => currencyDecimals(event, id, currencies);
  const read = state.status === 'success' ? state.analysis : null;
  const analysis = read && chosenCurrency ? withCurrency(read, chosenCurrency, decimalsOf) : read;
  const currencyChoices = [
    ...new Set([
      event.currency_id,
      ...(analysis ? [analysis.currency_id] : []),
      ...currencies.map((known) => known.id),
    ]),
  ];
  const currency = analysis
    ? {
        id: analysis.currency_id,
        decimals: currencyDecimals(event, analysis.currency_id, currencies),
      }
    : null;
  const announcement =
    state.status === 'pending'
      ? state.sent >= 1
        ? t('receipts.reading')
        : t('receipts.uploadingShort')
      : analysis && currency
        ? analysis.total === null
          ? t('receipts.noTotal')
          : t('receipts.totalRead', { total: formatMoney(analysis.total, currency) })
        : // A problem is in an alert, which screen readers read out by itself.
          '';

  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box role="status" sx={SCREEN_READER_ONLY}>
        {announcement}
      </Box>
      {!online && !analysis && <Alert severity="warning">{t('receipts.needsNetwork')}</Alert>}
      {problem && !pending && (
        <Alert
          severity="error"
          action={
            photo &&
            state.status === 'error' && (
              <Button
                color="inherit"
                size="small"
                disabled={!online}
                onClick={() => void send(photo.blob)}
              >
                {t('receipts.tryAgain')}
              </Button>
            )
          }
        >
          {problem}
        </Alert>
      )}
      {state.status === 'pending' && photo ? (
        <UploadProgress photoUrl={photo.url} sent={state.sent} />
      ) : analysis && currency && photo ? (
        <>
          <AnalysisView
            analysis={analysis}
            currency={currency}
            currencyChoices={currencyChoices}
            onCurrencyChange={setChosenCurrency}
            photoUrl={photo.url}
            onCreateExpense={() =>
              navigate(`/event/expense/${event.id}/new`, { state: { receipt: analysis } })
            }
            onRetake={retake}
            onViewReceipt={() => setViewing(true)}
          />
          <ReceiptDialog
            eventId={event.id}
            receiptId={analysis.receipt_id}
            open={viewing}
            onClose={() => setViewing(false)}
          />
        </>
      ) : (
        <CameraCapture
          disabled={!online}
          onPhoto={(blob) => void send(blob)}
          onFile={(file) => void pick(file)}
        />
      )}
    </Stack>
  );
}
