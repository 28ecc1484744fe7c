import sharp, { type Sharp } from 'sharp';

export type ImageKind = {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  format: 'png' | 'jpeg';
};

const PNG: ImageKind = { contentType: 'image/png', extension: 'png', format: 'png' };
const JPEG: ImageKind = { contentType: 'image/jpeg', extension: 'jpg', format: 'jpeg' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Height of the stored thumbnail: twice the header logo's 54 px, sharp on high-density screens. */
export const THUMBNAIL_HEIGHT = 108;
/** A decompression bomb guard: far above any logo, far below what would exhaust memory. */
const MAX_INPUT_PIXELS = 40_000_000;

/** PNG or JPEG by the file's first bytes; anything else (SVG, GIF, text named .png, …) is null. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return PNG;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  return null;
}

export class UnreadableImageError extends Error {}

/**
 * Decodes the upload and encodes it again in the same format (PNG stays PNG, JPEG stays JPEG):
 * whatever rode along in the file (metadata, trailing bytes, a polyglot payload) is not kept.
 * EXIF orientation is applied first, since the metadata that carried it is dropped. Also makes the
 * thumbnail. Throws UnreadableImageError when the bytes are not a decodable image of that kind.
 */
export async function reencodeLogo(
  bytes: Buffer,
  kind: ImageKind,
): Promise<{ image: Buffer; thumbnail: Buffer }> {
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await input.metadata();
    if (format !== kind.format) throw new UnreadableImageError(`content is ${format}, not ${kind.format}`);
    const encode = (image: Sharp) =>
      kind.format === 'png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true });
    const oriented = input.rotate();
    const [image, thumbnail] = await Promise.all([
      encode(oriented.clone()).toBuffer(),
      encode(oriented.clone().resize({ height: THUMBNAIL_HEIGHT, withoutEnlargement: true })).toBuffer(),
    ]);
    return { image, thumbnail };
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
