import { Box, Divider, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Currency, ReceiptAnalysis } from '@quits/contract';
import { Amount } from '@web/components/amount';
import { formatMoney } from '@web/lib/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The lines read from a receipt, and the whole text read, to check the reading against. */
export function ReceiptItemsList(props: {
  analysis: Pick<ReceiptAnalysis, 'items' | 'text'>;
  currency: Pick<Currency, 'id' | 'decimals'>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { items, text } = props.analysis;
  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2">
        {t('receipts.items', { count: items.length })}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('receipts.noItems')}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby={headingId}>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt may repeat a line
            <ListItem key={index} disableGutters divider={index < items.length - 1}>
              <ListItemText
                primary={item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name}
                sx={{ overflowWrap: 'anywhere', pr: 2 }}
              />
              <Typography sx={{ whiteSpace: 'nowrap' }}>
                <Amount>{formatMoney(item.amount, props.currency)}</Amount>
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
      {text.trim() !== '' && (
        <Box component="details" sx={{ mt: 1.5 }}>
          <Typography
            component="summary"
            variant="body2"
            color="primary"
            sx={{ cursor: 'pointer' }}
          >
            {t('receipts.textRead')}
          </Typography>
          <Divider sx={{ my: 1 }} />
          <Typography
            component="pre"
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', m: 0 }}
          >
            {text}
          </Typography>
        </Box>
      )}
    </section>
  );
}
