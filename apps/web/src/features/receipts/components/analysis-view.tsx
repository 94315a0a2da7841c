import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import type { Currency, ReceiptAnalysis } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfidenceLevel, confidenceLevel } from '../confidence';
import { currencyIsUnsure, outlinePoints } from '../receipt-currency';
import { ReceiptItemsList } from './receipt-items-list';

const CONFIDENCE_LOOK: Record<
  ConfidenceLevel,
  { color: 'success' | 'warning' | 'error'; icon: typeof CheckCircleIcon; key: string }
> = {
  good: { color: 'success', icon: CheckCircleIcon, key: 'receipts.confidenceGood' },
  check: { color: 'warning', icon: ReportProblemOutlinedIcon, key: 'receipts.confidenceCheck' },
  poor: { color: 'error', icon: ErrorOutlineIcon, key: 'receipts.confidencePoor' },
};

/** A labelled fact of the receipt, e.g. "Date — 20/11/2026". */
function Fact(props: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="overline" color="text.secondary" lineHeight={1.6}>
        {props.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {props.value}
      </Typography>
    </Box>
  );
}

/** The photo, with the receipt found in it outlined when it was found on a background. */
function OutlinedPhoto(props: { photoUrl: string; outline: ReceiptAnalysis['outline'] }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        position: 'relative',
        alignSelf: { xs: 'center', md: 'flex-start' },
        maxWidth: '100%',
        flexShrink: 0,
        lineHeight: 0,
      }}
    >
      <Box
        component="img"
        src={props.photoUrl}
        alt={t('receipts.photoAlt')}
        // The border hugs the photo: its width follows the height it may take on a phone.
        sx={{
          width: { xs: 'auto', md: 320 },
          height: 'auto',
          maxWidth: '100%',
          maxHeight: { xs: 280, md: '70dvh' },
          objectFit: 'contain',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
        }}
      />
      {props.outline && (
        <Box
          component="svg"
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          data-testid="receipt-outline"
          aria-hidden
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          <polygon
            points={outlinePoints(props.outline)}
            fill="none"
            stroke="#00c853"
            strokeWidth={3}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
          />
        </Box>
      )}
    </Box>
  );
}

/**
 * What was read from the receipt: the photo with the receipt outlined beside the total in its
 * currency (which the person may change), how sure the reading is in words, the merchant, the
 * date and the lines; then what to do with it.
 */
export function AnalysisView(props: {
  analysis: ReceiptAnalysis;
  currency: Pick<Currency, 'id' | 'decimals'>;
  /** The currencies the person may choose for the receipt (the event's first). */
  currencyChoices: readonly string[];
  onCurrencyChange(currencyId: string): void;
  photoUrl: string;
  onCreateExpense(): void;
  onRetake(): void;
  onViewReceipt(): void;
}) {
  const { t } = useTranslation();
  const { analysis } = props;
  const level = confidenceLevel(analysis.confidence, analysis.total !== null);
  const look = CONFIDENCE_LOOK[level];
  const unsureCurrency = currencyIsUnsure(analysis);
  const ConfidenceIcon = look.icon;
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen changed under the person's finger: their focus and screen reader go to the news.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'flex-start' }}>
      <OutlinedPhoto photoUrl={props.photoUrl} outline={analysis.outline} />
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ outline: 'none' }}
        >
          {t('receipts.resultHeading')}
        </Typography>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              {t('receipts.total')}
            </Typography>
            <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {analysis.total === null ? (
                t('receipts.noTotal')
              ) : (
                <Amount>{formatMoney(analysis.total, props.currency)}</Amount>
              )}
            </Typography>
            <Chip
              icon={<ConfidenceIcon />}
              color={look.color}
              variant="outlined"
              label={t(look.key)}
              sx={{ mt: 1, height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
            />
            {level !== 'good' && analysis.total !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('receipts.checkTotalHint')}
              </Typography>
            )}
            <TextField
              select
              label={t('receipts.currency')}
              value={analysis.currency_id}
              onChange={(change) => props.onCurrencyChange(change.target.value)}
              helperText={unsureCurrency ? t('receipts.checkCurrency') : undefined}
              color={unsureCurrency ? 'warning' : undefined}
              focused={unsureCurrency || undefined}
              size="small"
              sx={{ mt: 2, minWidth: 160, display: 'flex', maxWidth: 240 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {props.currencyChoices.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </TextField>
          </CardContent>
        </Card>
        <Stack component="dl" direction="row" spacing={3} useFlexGap flexWrap="wrap" sx={{ m: 0 }}>
          <Fact label={t('receipts.merchant')} value={analysis.merchant ?? t('receipts.notRead')} />
          <Fact
            label={t('receipts.date')}
            value={analysis.date ? formatDate(analysis.date) : t('receipts.notRead')}
          />
        </Stack>
        <ReceiptItemsList analysis={analysis} currency={props.currency} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap">
          <Button variant="contained" size="large" onClick={props.onCreateExpense}>
            {t('receipts.createExpense')}
          </Button>
          <Button variant="outlined" size="large" onClick={props.onRetake}>
            {t('receipts.retake')}
          </Button>
          <Button size="large" onClick={props.onViewReceipt}>
            {t('receipts.view')}
          </Button>
        </Stack>
      </Stack>
    </Stack>
  );
}
