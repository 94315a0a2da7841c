import { List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import type { User } from '@quits/contract';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@web/lib/locale';
import { useOnline } from '@web/offline/online-status';
import { useTranslation } from 'react-i18next';
import { activityKey } from '../activity-key';
import { activityQuery } from '../api/get-activity';
import { entitySubject } from '../entity-subject';

/** The latest changes to the event: who did what, and when. */
export function ActivityList(props: { eventId: string; people: readonly User[]; limit: number }) {
  const { t } = useTranslation();
  const activity = useQuery(activityQuery(props.eventId));
  const online = useOnline();
  if (!activity.data) {
    return activity.isError || !online ? (
      <Typography color="text.secondary">
        {online ? t('activity.unavailable') : t('activity.offline')}
      </Typography>
    ) : (
      <Skeleton variant="rounded" height={120} />
    );
  }
  if (activity.data.length === 0) {
    return <Typography color="text.secondary">{t('activity.none')}</Typography>;
  }
  const who = (id: string | null) =>
    props.people.find((person) => person.id === id)?.name ?? t('activity.someone');
  return (
    <List dense aria-label={t('activity.title')}>
      {activity.data.slice(0, props.limit).map((row) => (
        <ListItem key={row.id} divider>
          <ListItemText
            primary={t(activityKey(row), {
              who: who(row.user_id),
              what: entitySubject(row.entity === 'payment', row.after ?? row.before),
            })}
            secondary={formatDateTime(row.created_at)}
          />
        </ListItem>
      ))}
    </List>
  );
}
