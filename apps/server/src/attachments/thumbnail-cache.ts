import type { Database } from '@server/db/connection';
import { type AttachmentFile, readAttachmentBytes } from './attachment-content';
import { photoThumbnail } from './photo-thumbnail';

/**
 * Bytes of thumbnails kept in memory, in all: a 160 px JPEG is a few kilobytes, so this holds
 * the thumbnails of a thousand photos and more. The least recently asked go first.
 */
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * Thumbnails of attachment photos, each made once per photo and kept: a photo never changes
 * under its id, so a list shown by many people decodes each photo once, not once per request.
 * Requests for a thumbnail being made wait for that one.
 */
export class ThumbnailCache {
  readonly #kept = new Map<string, Buffer>();
  #keptBytes = 0;
  readonly #making = new Map<string, Promise<Buffer>>();

  async get(db: Database, file: AttachmentFile): Promise<Buffer> {
    const kept = this.#kept.get(file.id);
    if (kept) {
      // Re-inserted so that Map order is recency order.
      this.#kept.delete(file.id);
      this.#kept.set(file.id, kept);
      return kept;
    }
    let making = this.#making.get(file.id);
    if (!making) {
      making = readAttachmentBytes(db, file)
        .then(photoThumbnail)
        .then((thumbnail) => {
          this.#keep(file.id, thumbnail);
          return thumbnail;
        })
        .finally(() => this.#making.delete(file.id));
      this.#making.set(file.id, making);
    }
    return making;
  }

  #keep(id: string, thumbnail: Buffer): void {
    this.#kept.set(id, thumbnail);
    this.#keptBytes += thumbnail.length;
    for (const [oldId, old] of this.#kept) {
      if (this.#keptBytes <= KEPT_BYTES) break;
      this.#kept.delete(oldId);
      this.#keptBytes -= old.length;
    }
  }
}
