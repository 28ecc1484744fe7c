import type { Sharp, SharpConstructor } from 'sharp';
import { LOGO_HEIGHT } from '@portal/contract';

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
/**
 * The stored logo fits this box: three times what the header shows (54 px high, at most 220 px
 * wide), enough for any screen density. An upload is never kept at its own size: a 10 MB logo
 * would cost every page that shows it, and the database that keeps it (decision 0020).
 */
export const STORED_LOGO_BOX = { width: 3 * 220, height: 3 * LOGO_HEIGHT } as const;
/** A decompression bomb guard: far above any logo, far below what would exhaust memory. */
const MAX_INPUT_PIXELS = 40_000_000;

let loading: Promise<SharpConstructor> | undefined;
/**
 * libvips, loaded with the first image and kept: ~28 MB of resident memory that a server which
 * is never sent a logo does not carry (decision 0028). On one thread, no cache kept between
 * images: one image job at a time (upload-queue.ts) then costs one core and the memory of one
 * image, never the whole machine's.
 */
function loadSharp(): Promise<SharpConstructor> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/** PNG or JPEG by the file's first bytes; anything else (SVG, GIF, text named .png, …) is null. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return PNG;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return JPEG;
  return null;
}

export class UnreadableImageError extends Error {}

/**
 * Decodes the upload and encodes it again in the same format (PNG stays PNG, JPEG stays JPEG),
 * downscaled into STORED_LOGO_BOX: whatever rode along in the file (metadata, trailing bytes, a
 * polyglot payload) is not kept. EXIF orientation is applied first, since the metadata that
 * carried it is dropped. The thumbnail is made from the stored image, not from the upload again.
 * Throws UnreadableImageError when the bytes are not a decodable image of that kind. Runs as an
 * upload's image job (upload-queue.ts), never on its own.
 */
export async function reencodeLogo(
  bytes: Buffer,
  kind: ImageKind,
): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true });
    const { format } = await input.metadata();
    if (format !== kind.format) throw new UnreadableImageError(`content is ${format}, not ${kind.format}`);
    const encode = (image: Sharp) =>
      kind.format === 'png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true });
    const image = await encode(
      input.rotate().resize({ ...STORED_LOGO_BOX, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer();
    const thumbnail = await encode(
      sharp(image).resize({ height: THUMBNAIL_HEIGHT, withoutEnlargement: true }),
    ).toBuffer();
    return { image, thumbnail };
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
}
