import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORTED_APPS } from '../import-formats';

/**
 * What each app's file carries over into the new event and what it leaves, so that nobody
 * learns it after importing (docs/API.md says the same).
 */
export function ImportFormatsList() {
  const { t } = useTranslation();
  return (
    // The summary's button sits inside the heading (MUI's heading slot), not the other way round.
    <Accordion disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle1">{t('transfer.formatsTitle')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <dl style={{ margin: 0 }}>
          {IMPORTED_APPS.map(({ source, name }) => (
            <div key={source} style={{ marginBottom: 12 }}>
              <Typography component="dt" fontWeight={600}>
                {name}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {t('transfer.carries', { what: t(`transfer.format.${source}.carries`) })}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {t('transfer.leaves', { what: t(`transfer.format.${source}.leaves`) })}
              </Typography>
            </div>
          ))}
        </dl>
      </AccordionDetails>
    </Accordion>
  );
}
