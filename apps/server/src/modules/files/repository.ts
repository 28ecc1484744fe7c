import { and, eq, sql } from 'drizzle-orm';
import { files } from '../../db/schema';
import { defineRepository } from '../../db/repository';
import type { Executor } from '../../db/types';

export type NewStoredFile = {
  userId: number;
  type: 'logo';
  key: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  etag: string;
  thumbnail: Buffer;
  thumbnailEtag: string;
};

/** files: a user's stored images (today one logo each), bytes and thumbnail in the row. */
export const createFileRepository = defineRepository((db: Executor) => ({
  /**
   * Stores the user's file of this type, replacing the previous one (one logo per user). The row gets
   * a new id and key, so the old URLs stop answering and caches never mix the two.
   */
  async replaceUserFile(file: NewStoredFile): Promise<number> {
    const [row] = await db
      .insert(files)
      .values(file)
      .onConflictDoUpdate({
        target: [files.userId, files.type],
        set: {
          id: sql`default`,
          key: sql`excluded.key`,
          fileName: sql`excluded.file_name`,
          contentType: sql`excluded.content_type`,
          bytes: sql`excluded.bytes`,
          etag: sql`excluded.etag`,
          thumbnail: sql`excluded.thumbnail`,
          thumbnailEtag: sql`excluded.thumbnail_etag`,
          createdAt: sql`now()`,
        },
      })
      .returning({ id: files.id });
    return row!.id;
  },

  async findUserFileId(userId: number, type: 'logo') {
    const [row] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.type, type)));
    return row?.id ?? null;
  },

  async findOwner(id: number) {
    const [row] = await db
      .select({ id: files.id, userId: files.userId, type: files.type, fileName: files.fileName })
      .from(files)
      .where(eq(files.id, id));
    return row;
  },

  async delete(id: number) {
    await db.delete(files).where(eq(files.id, id));
  },

  /** The bytes behind a public URL: the image or its thumbnail, never both (they can be 10 MB). */
  async findPublic(key: string, variant: 'image' | 'thumbnail') {
    const thumbnail = variant === 'thumbnail';
    const [row] = await db
      .select({
        contentType: files.contentType,
        fileName: files.fileName,
        etag: thumbnail ? files.thumbnailEtag : files.etag,
        bytes: thumbnail ? files.thumbnail : files.bytes,
      })
      .from(files)
      .where(eq(files.key, key));
    return row;
  },
}));

export type FileRepository = ReturnType<typeof createFileRepository>;
