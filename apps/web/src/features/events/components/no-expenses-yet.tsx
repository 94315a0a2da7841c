import { Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** "No expenses yet. Add the first one.": a link to the form, but in a closed event. */
export function NoExpensesYet(props: { eventId: string; closed: boolean }) {
  const { t } = useTranslation();
  if (props.closed)
    return <Typography color="text.secondary">{t('event.noExpensesClosed')}</Typography>;
  return (
    <Typography color="text.secondary">
      <Link
        component={RouterLink}
        to={`/event/expense/${props.eventId}/new`}
        sx={{ display: 'inline-block', py: 1.25 }}
      >
        {t('event.noExpenses')}
      </Link>
    </Typography>
  );
}
