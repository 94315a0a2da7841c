import sharp from 'sharp';

/** Side (px) of a thumbnail: a list's 40 px picture, sharp on a screen of density 3 and more. */
export const THUMBNAIL_SIDE = 160;

/**
 * A small square JPEG of a stored photo, for lists: a few kilobytes where the photo is hundreds.
 * Made once per photo (thumbnail-cache.ts; libvips works in its own threads) and kept by the
 * browser too, as the photo never changes under its id.
 */
export function photoThumbnail(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg, { failOn: 'none' })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover' })
    .jpeg({ quality: 70 })
    .toBuffer();
}
