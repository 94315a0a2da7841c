import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Avatar,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { ATTACHMENT_LIMITS, type Attachment } from '@quits/contract';
import { errorText } from '@web/lib/error-text';
import { formatLocale } from '@web/lib/locale';
import { useOnline } from '@web/offline/online-status';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl, uploadAttachment } from '../api/attachment-files';
import { fileProblem, filesThatFit } from '../attachment-check';
import { AttachmentDialog } from './attachment-dialog';

const MEGABYTES = ATTACHMENT_LIMITS.maxBytes / (1024 * 1024);

/** "1.2 MB", "340 kB", in the reader's way of writing numbers. */
function sizeText(bytes: number): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(formatLocale(), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
}

/**
 * The photos and PDF invoices of an expense or payment: each shown (a photo in a dialog, a PDF
 * in the browser's own viewer), removable, and new ones uploaded one after the other as soon as
 * they are chosen, with progress. Uploading needs a connection; saving the entry does not.
 */
export function AttachmentsField(props: {
  eventId: string;
  whoAmI: string | null;
  value: Attachment[];
  onChange(attachments: Attachment[]): void;
  /** The server's refusal of the list, worded, if the save was refused for it. */
  problem?: string | null;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ name: string; sent: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [shown, setShown] = useState<Attachment | null>(null);
  // The latest list and the latest way to change it, for uploads that finish after the person
  // went on editing: the form's handler of an earlier render would put back its older fields.
  const latest = useRef(props.value);
  latest.current = props.value;
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const cancel = useRef<AbortController | null>(null);
  useEffect(() => () => cancel.current?.abort(), []);
  const full = props.value.length >= ATTACHMENT_LIMITS.perEntry;

  const attach = async (chosen: File[]) => {
    const found: string[] = [];
    const { send, left } = filesThatFit(chosen, latest.current.length);
    if (left.length > 0) {
      found.push(
        t('attachments.tooMany', { max: ATTACHMENT_LIMITS.perEntry, names: left.join(', ') }),
      );
    }
    const controller = new AbortController();
    cancel.current = controller;
    for (const file of send) {
      const problem = fileProblem(file);
      if (problem) {
        const values = { name: file.name, megabytes: MEGABYTES };
        found.push(
          problem === 'tooLarge'
            ? t('attachments.tooLarge', values)
            : t('attachments.notSupported', values),
        );
        continue;
      }
      setUploading({ name: file.name, sent: 0 });
      try {
        const attachment = await uploadAttachment(props.eventId, file, {
          whoAmI: props.whoAmI,
          signal: controller.signal,
          onProgress: (sent) => setUploading({ name: file.name, sent }),
        });
        latest.current = [...latest.current, attachment];
        onChange.current(latest.current);
      } catch (caught) {
        if (controller.signal.aborted) return;
        const error = caught instanceof Error ? caught : new Error(String(caught));
        found.push(t('attachments.failed', { name: file.name, reason: errorText(error, t) }));
      }
    }
    setUploading(null);
    setProblems(found);
  };

  return (
    <Stack spacing={1} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle1" component="h2">
        {t('attachments.label')}
      </Typography>
      {props.value.length > 0 && (
        <List dense disablePadding>
          {props.value.map((attachment) => {
            const pdf = attachment.content_type === 'application/pdf';
            const url = attachmentUrl(props.eventId, attachment.id);
            return (
              <ListItem
                key={attachment.id}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('attachments.remove', { name: attachment.name })}
                    onClick={() =>
                      props.onChange(props.value.filter((other) => other.id !== attachment.id))
                    }
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                }
              >
                <ListItemButton
                  aria-label={t('attachments.open', { name: attachment.name })}
                  {...(pdf
                    ? { component: 'a', href: url, target: '_blank', rel: 'noopener' }
                    : { onClick: () => setShown(attachment) })}
                >
                  <ListItemAvatar>
                    {pdf ? (
                      <Avatar variant="rounded" sx={{ bgcolor: 'error.main' }}>
                        <PictureAsPdfIcon />
                      </Avatar>
                    ) : (
                      <Avatar
                        variant="rounded"
                        src={attachmentUrl(props.eventId, attachment.id, 'thumb')}
                        alt=""
                      />
                    )}
                  </ListItemAvatar>
                  <ListItemText
                    primary={attachment.name}
                    secondary={`${pdf ? t('attachments.pdf') : t('attachments.photo')} · ${sizeText(attachment.bytes)}`}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      {uploading && (
        <Box role="status">
          <Typography variant="body2">
            {t('attachments.uploading', { name: uploading.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(uploading.sent * 100)}
            aria-label={t('attachments.uploading', { name: uploading.name })}
          />
        </Box>
      )}
      {problems.map((problem) => (
        <Alert key={problem} severity="error" onClose={() => setProblems([])}>
          {problem}
        </Alert>
      ))}
      {props.problem && <Alert severity="error">{props.problem}</Alert>}
      <Box>
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={!online || full || uploading !== null}
          onClick={() => input.current?.click()}
        >
          {t('attachments.add')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          multiple
          accept="image/*,.heic,.heif,application/pdf,.pdf"
          aria-label={t('attachments.add')}
          onChange={(change) => {
            const files = Array.from(change.target.files ?? []);
            // Cleared, so that choosing the same file again is noticed.
            change.target.value = '';
            if (files.length > 0) void attach(files);
          }}
        />
      </Box>
      <FormHelperText sx={{ mx: 0 }}>
        {!online
          ? t('attachments.offline')
          : full
            ? t('attachments.full', { max: ATTACHMENT_LIMITS.perEntry })
            : t('attachments.help', { megabytes: MEGABYTES, max: ATTACHMENT_LIMITS.perEntry })}
      </FormHelperText>
      <AttachmentDialog eventId={props.eventId} attachment={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
