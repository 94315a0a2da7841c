import { Typography } from '@mui/material';
import { usePageTitle } from '@web/lib/page-title';
import { useTranslation } from 'react-i18next';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  return <Typography sx={{ maxWidth: '60ch' }}>{t('about.text')}</Typography>;
}
