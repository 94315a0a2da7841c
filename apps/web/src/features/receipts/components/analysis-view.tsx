import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import type { Currency, ReceiptAnalysis } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatDate } from '@web/lib/locale';
import { formatMoney } from '@web/lib/money';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfidenceLevel, confidenceLevel } from '../confidence';
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

/**
 * What was read from the receipt: the photo beside the total in its currency, how sure the
 * reading is in words, the merchant, the date and the lines; then what to do with it.
 */
export function AnalysisView(props: {
  analysis: ReceiptAnalysis;
  currency: Pick<Currency, 'id' | 'decimals'>;
  photoUrl: string;
  onCreateExpense(): void;
  onRetake(): void;
  onViewReceipt(): void;
}) {
  const { t } = useTranslation();
  const { analysis } = props;
  const look = CONFIDENCE_LOOK[confidenceLevel(analysis.confidence, analysis.total !== null)];
  const ConfidenceIcon = look.icon;
  const heading = useRef<HTMLHeadingElement>(null);
  // The screen changed under the person's finger: their focus and screen reader go to the news.
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'flex-start' }}>
      <Box
        component="img"
        src={props.photoUrl}
        alt={t('receipts.photoAlt')}
        // The border hugs the photo: its width follows the height it may take on a phone.
        sx={{
          alignSelf: { xs: 'center', md: 'flex-start' },
          width: { xs: 'auto', md: 320 },
          height: 'auto',
          maxWidth: '100%',
          maxHeight: { xs: 280, md: '70dvh' },
          objectFit: 'contain',
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      />
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
