import { Button } from '@mui/material';
import type { Attachment } from '@quits/contract';
import { StoredImageDialog } from '@web/components/stored-image-dialog';
import { useTranslation } from 'react-i18next';
import { attachmentUrl } from '../api/attachment-files';

/**
 * An attached photo, full screen on a phone; "download" saves it as it is kept (upright, without
 * its metadata).
 */
export function AttachmentDialog(props: {
  eventId: string;
  attachment: Attachment | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { attachment } = props;
  const name = attachment?.name ?? '';
  return (
    <StoredImageDialog
      open={attachment !== null}
      onClose={props.onClose}
      title={name}
      url={attachment ? attachmentUrl(props.eventId, attachment.id) : ''}
      alt={t('attachments.photoAlt', { name })}
      words={{
        loading: t('attachments.loading'),
        failed: t('attachments.loadFailed'),
        offline: t('attachments.loadOffline'),
      }}
      actions={() => (
        <>
          {attachment && (
            <Button href={attachmentUrl(props.eventId, attachment.id, 'download')} download>
              {t('attachments.download')}
            </Button>
          )}
          <Button onClick={props.onClose}>{t('common.close')}</Button>
        </>
      )}
    />
  );
}
