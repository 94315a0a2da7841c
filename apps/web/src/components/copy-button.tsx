import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button } from '@mui/material';
import { notify } from '@web/lib/notices';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says so; `label` names what is copied ("Copy IBAN"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify(t('pay.copied'));
    } catch {
      notify(t('pay.copyFailed'), 'error');
    }
  };
  return (
    <Button size="small" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ flexShrink: 0 }}>
      {label}
    </Button>
  );
}
