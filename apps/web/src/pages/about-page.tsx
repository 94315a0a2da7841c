import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '@web/lib/page-title';
import { serverConfigQuery } from '@web/lib/server-config';
import { useTranslation } from 'react-i18next';

export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  // The server's release (CHANGELOG.md); absent offline until the server has answered once.
  const version = useQuery(serverConfigQuery).data?.version;
  return (
    <>
      <Typography sx={{ maxWidth: '60ch' }}>{t('about.text')}</Typography>
      {version ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('about.version', { version })}
        </Typography>
      ) : null}
    </>
  );
}
