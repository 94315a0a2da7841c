import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, GlobalStyles, Stack, Typography } from '@mui/material';
import { directionOf, REPORT_LANGUAGES, type ReportLanguage } from '@quits/contract';
import { DateField } from '@web/components/date-field';
import { useEventBalances } from '@web/features/balances';
import { EventLoadState, useEvent } from '@web/features/events';
import { usePageTitle } from '@web/lib/page-title';
import { useOnline } from '@web/offline/online-status';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type ReportRange, reportPdfHref, useEventReport } from '../use-event-report';
import { printStyles } from './print-styles';
import { ReportStatement } from './report-statement';

const NO_RANGE: ReportRange = { from: '', to: '' };

function reportLanguage(language: string): ReportLanguage {
  return REPORT_LANGUAGES.find((known) => known === language) ?? 'en';
}

/**
 * /event/{id}/report: the event's statement, ready to print (the browser's print, with a print
 * stylesheet that keeps only the statement) or to download as the server's PDF.
 */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const online = useOnline();
  const [range, setRange] = useState<ReportRange>(NO_RANGE);
  const report = useEventReport(event.data, range);
  const balances = useEventBalances(event.data);
  usePageTitle(t('report.title'));

  if (!event.data || report === undefined) {
    return <EventLoadState error={event.error} heights={[96, 240, 320]} />;
  }
  const data = event.data;
  const badRange = Boolean(range.from && range.to && range.from > range.to);
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <GlobalStyles styles={printStyles(data.name)} />
      <Stack spacing={2} className="report-controls">
        <Typography color="text.secondary">{t('report.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <DateField
            label={t('report.from')}
            value={range.from}
            onChange={(from) => setRange({ ...range, from })}
          />
          <DateField
            label={t('report.to')}
            value={range.to}
            onChange={(to) => setRange({ ...range, to })}
            error={badRange}
            helperText={badRange ? t('report.badRange') : undefined}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            startIcon={<PrintOutlinedIcon />}
            onClick={() => window.print()}
          >
            {t('report.print')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            href={reportPdfHref(data.id, reportLanguage(i18n.language), range)}
            download
            disabled={!online || badRange}
          >
            {t('report.downloadPdf')}
          </Button>
        </Stack>
        {!online && (
          <Typography variant="body2" color="text.secondary">
            {t('report.pdfOffline')}
          </Typography>
        )}
        {/* The server's PDF cannot lay out right-to-left text yet: it writes those in English. */}
        {directionOf(i18n.language) === 'rtl' && (
          <Typography variant="body2" color="text.secondary">
            {t('report.pdfInEnglish')}
          </Typography>
        )}
      </Stack>
      <Box component="article" className="report-sheet" aria-label={t('report.title')}>
        <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
          {t('report.heading', { name: data.name })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {range.from || range.to
            ? t('report.range', { from: range.from || '…', to: range.to || '…' })
            : t('report.wholeEvent')}
        </Typography>
        {report === null ? (
          <Alert severity="error">{t('report.tooLarge')}</Alert>
        ) : (
          <ReportStatement event={data} report={report} settlement={balances?.settlements ?? []} />
        )}
      </Box>
    </Stack>
  );
}
