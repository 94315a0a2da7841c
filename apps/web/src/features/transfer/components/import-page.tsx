import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { EventCreationClosed, useCreationPassword, useEventCreation } from '@web/features/events';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useOnline } from '@web/offline/online-status';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ImportRequest, useImportEvent, useImportPreview } from '../api/import-event';
import { checkImportFile, type UnsentReason } from '../import-file';
import { ImportFormatsList } from './import-formats-list';
import { ImportPreviewCard } from './import-preview-card';
import { ImportProblems } from './import-problems';

/** Why a file was not sent, in words. */
const UNSENT = { 'too-large': 'transfer.tooLarge', empty: 'transfer.emptyFile' } as const;

/**
 * /import: a new event from a file — our JSON export or another app's export, sent as it is. The
 * server reads the file twice: first to show what it holds and in which format it read it
 * (nothing written), then, once confirmed, to create the event in one go.
 */
export function ImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('transfer.importTitle'));
  const navigate = useNavigate();
  const online = useOnline();
  const currencies = useQuery(currenciesQuery()).data ?? [];
  const preview = useImportPreview();
  const create = useImportEvent();
  const [file, setFile] = useState<File | null>(null);
  const [unsent, setUnsent] = useState<UnsentReason | null>(null);
  const [name, setName] = useState('');
  const [currencyId, setCurrencyId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const creation = useEventCreation();
  const password = useCreationPassword(create.error);

  const show = (request: ImportRequest) =>
    preview.mutate(request, { onSuccess: (data) => setName(data.name) });

  const pick = (change: ChangeEvent<HTMLInputElement>) => {
    const chosen = change.target.files?.[0];
    change.target.value = '';
    if (!chosen) return;
    preview.reset();
    create.reset();
    setCurrencyId(null);
    setFile(chosen);
    const reason = checkImportFile(chosen);
    setUnsent(reason);
    if (!reason) show({ file: chosen });
  };

  const chooseCurrency = (currency: string) => {
    if (!file) return;
    setCurrencyId(currency);
    show({ file, currency_id: currency, name: name.trim() || undefined });
  };

  const ownExport = preview.data?.source === 'quits';
  const confirm = () => {
    if (!file || password.missing()) return;
    password.keep();
    const request: ImportRequest = ownExport
      ? { file }
      : { file, name: name.trim(), ...(currencyId ? { currency_id: currencyId } : {}) };
    create.mutate(request, {
      onSuccess: (event) => {
        notify(t('transfer.imported', { name: event.name }));
        void navigate(`/event/${event.id}/home`);
      },
    });
  };

  if (creation === 'closed') {
    return (
      <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
        <EventCreationClosed />
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <Typography color="text.secondary">{t('transfer.importText')}</Typography>
      {!online && <Alert severity="info">{t('transfer.importOffline')}</Alert>}
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        {/* A real button that opens the hidden file input: a label acting as a button is
            neither one to a screen reader. */}
        <Button
          variant={preview.data ? 'outlined' : 'contained'}
          startIcon={<UploadFileOutlinedIcon />}
          disabled={!online || create.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {file ? t('transfer.chooseAnother') : t('transfer.chooseFile')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".json,.csv,.txt,application/json,text/csv"
          onChange={pick}
        />
        {file && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
      </Stack>
      {unsent && (
        <Alert severity="error">
          {t(UNSENT[unsent.reason], { size: unsent.reason === 'too-large' ? unsent.size : '' })}
        </Alert>
      )}
      {preview.isPending && <LinearProgress aria-label={t('transfer.reading')} />}
      {preview.error && <ImportProblems error={preview.error} />}
      {preview.data && !preview.isPending && (
        <>
          <ImportPreviewCard
            preview={preview.data}
            name={ownExport ? null : name}
            onNameChange={setName}
            onCurrencyChange={chooseCurrency}
            decimalsOf={(id) => currencies.find((currency) => currency.id === id)?.decimals ?? 2}
          />
          {password.field}
          {create.error && <ImportProblems error={create.error} />}
          <Button
            variant="contained"
            size="large"
            onClick={confirm}
            disabled={create.isPending || !online || (!ownExport && name.trim() === '')}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('transfer.create')}
          </Button>
        </>
      )}
      <ImportFormatsList />
    </Stack>
  );
}
