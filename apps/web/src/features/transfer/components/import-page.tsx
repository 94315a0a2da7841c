import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@web/features/currencies';
import { notify } from '@web/lib/notices';
import { usePageTitle } from '@web/lib/page-title';
import { useOnline } from '@web/offline/online-status';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ImportBody, useImportEvent, useImportPreview } from '../api/import-event';
import { type ImportFile, readImportFile } from '../import-file';
import { ImportPreviewCard } from './import-preview-card';
import { ImportProblems } from './import-problems';

/** Why a file could not be read on the device, in words. */
const UNREADABLE = {
  'too-large': 'transfer.tooLarge',
  'not-json': 'transfer.notJson',
  empty: 'transfer.emptyFile',
} as const;

/**
 * /import: a new event from a file — our JSON export or a Splitwise group CSV. The server reads
 * the file twice: first to show what it holds (nothing written), then, once confirmed, to
 * create the event in one go.
 */
export function ImportPage() {
  const { t } = useTranslation();
  usePageTitle(t('transfer.importTitle'));
  const navigate = useNavigate();
  const online = useOnline();
  const currencies = useQuery(currenciesQuery()).data ?? [];
  const preview = useImportPreview();
  const create = useImportEvent();
  const [file, setFile] = useState<{ name: string; read: ImportFile } | null>(null);
  const [name, setName] = useState('');
  const [currencyId, setCurrencyId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const bodyOf = (read: ImportFile, eventName: string, currency: string | null) => {
    if (read.kind === 'quits') return read.body;
    if (read.kind !== 'splitwise') return null;
    return {
      format: 'splitwise-csv',
      name: eventName.trim() || t('transfer.defaultName'),
      csv: read.csv,
      ...(currency ? { currency_id: currency } : {}),
    } satisfies ImportBody;
  };

  const pick = async (change: ChangeEvent<HTMLInputElement>) => {
    const chosen = change.target.files?.[0];
    change.target.value = '';
    if (!chosen) return;
    preview.reset();
    create.reset();
    setCurrencyId(null);
    const read = await readImportFile(chosen);
    setFile({ name: chosen.name, read });
    const suggested = read.kind === 'splitwise' ? read.suggestedName : '';
    setName(suggested || t('transfer.defaultName'));
    const body = bodyOf(read, suggested, null);
    if (body) preview.mutate(body);
  };

  const chooseCurrency = (currency: string) => {
    if (!file) return;
    setCurrencyId(currency);
    const body = bodyOf(file.read, name, currency);
    if (body) preview.mutate(body);
  };

  const confirm = () => {
    if (!file) return;
    const body = bodyOf(file.read, name, currencyId);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (event) => {
        notify(t('transfer.imported', { name: event.name }));
        void navigate(`/event/${event.id}/home`);
      },
    });
  };

  const read = file?.read;
  const splitwise = read?.kind === 'splitwise';
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
          accept=".json,.csv,application/json,text/csv"
          onChange={(change) => void pick(change)}
        />
        {file && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
      </Stack>
      {read?.kind === 'unreadable' && (
        <Alert severity="error">
          {t(UNREADABLE[read.reason], { size: read.detail, detail: read.detail })}
        </Alert>
      )}
      {preview.isPending && <LinearProgress aria-label={t('transfer.reading')} />}
      {preview.error && <ImportProblems error={preview.error} />}
      {preview.data && !preview.isPending && (
        <>
          <ImportPreviewCard
            preview={preview.data}
            name={splitwise ? name : null}
            onNameChange={setName}
            onCurrencyChange={chooseCurrency}
            decimalsOf={(id) => currencies.find((currency) => currency.id === id)?.decimals ?? 2}
          />
          {create.error && <ImportProblems error={create.error} />}
          <Button
            variant="contained"
            size="large"
            onClick={confirm}
            disabled={create.isPending || !online || (splitwise && name.trim() === '')}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('transfer.create')}
          </Button>
        </>
      )}
    </Stack>
  );
}
