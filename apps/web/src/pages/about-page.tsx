import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../app/shell/page-title';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  return <Typography sx={{ maxWidth: '60ch' }}>{t('about.text')}</Typography>;
}
