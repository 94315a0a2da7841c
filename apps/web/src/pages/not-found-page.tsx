import { Button, Stack, Typography } from '@mui/material';
import { usePageTitle } from '@web/lib/page-title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A real 404 page for any address the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography variant="h5" component="h2">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.text')}</Typography>
      <Button variant="contained" component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
