import { ATTACHMENT_LIMITS } from '@quits/contract';

/** Why a chosen file is not sent at all; the server checks again, by the file's bytes. */
export type FileProblem = 'tooLarge' | 'notSupported';

/** Photos the server reads, by type or (when a browser gives none, as for HEIC) by name. */
const PHOTO_NAME = /\.(jpe?g|png|webp|hei[cf])$/i;

/** Checks a chosen file before uploading it: its size, and whether it can be a photo or a PDF. */
export function fileProblem(file: {
  name: string;
  size: number;
  type: string;
}): FileProblem | null {
  if (file.size > ATTACHMENT_LIMITS.maxBytes) return 'tooLarge';
  const known =
    file.type === 'application/pdf' ||
    file.type.startsWith('image/') ||
    /\.pdf$/i.test(file.name) ||
    PHOTO_NAME.test(file.name);
  return known ? null : 'notSupported';
}

/** The files to send, at most as many as still fit, and the names of those left out. */
export function filesThatFit<T extends { name: string }>(
  files: readonly T[],
  listed: number,
): { send: T[]; left: string[] } {
  const room = Math.max(0, ATTACHMENT_LIMITS.perEntry - listed);
  return { send: files.slice(0, room), left: files.slice(room).map((file) => file.name) };
}

/** The first of the server's messages about the list or one of its files, if it refused them. */
export function attachmentsProblem(errors: Record<string, string[]>): string | null {
  const path = Object.keys(errors).find(
    (key) => key === 'attachments' || key.startsWith('attachments.'),
  );
  return path ? (errors[path]?.[0] ?? null) : null;
}
