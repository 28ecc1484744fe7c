import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, type LogoUploadFields } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { TokenService } from '../tokens';
import type { Actor, UserRepository } from '../directory';
import { detectImageKind, reencodeLogo, UnreadableImageError } from './image';
import { canManageFilesOf } from './policy';
import type { FileRef } from './presenter';
import type { FileRepository } from './repository';
import type { Upload } from './upload-queue';

export type UploadedFile = { bytes: Buffer; fileName: string };

/** 256 random bits, URL-safe: the capability in a public file URL. */
const newKey = () => randomBytes(32).toString('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;

export const tooLarge = () => new AppError(413, LOGO_MESSAGES.tooLarge);

/** A display name: the upload's base name without control characters, with the stored type's extension. */
function displayName(original: string, extension: string) {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(original.replaceAll('\\', '/')).replace(/[\u0000-\u001f\u007f"]/g, '');
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 200) || 'logo';
  return `${stem}.${extension}`;
}

/** Logos (docs/api.md "Files"): stored in the database, served by capability URL. */
export function createFileService(deps: {
  db: Db;
  files: FileRepository;
  users: UserRepository;
  tokens: Pick<TokenService, 'forget'>;
}) {
  const { db, files, users, tokens } = deps;

  return {
    /**
     * POST files/logo: own logo, or an admin for anyone. The type is decided by the bytes (PNG or
     * JPEG), the image is re-encoded in that type and a thumbnail made, in the upload's turn of the
     * image queue; the previous logo is replaced.
     */
    async uploadLogo(
      fields: LogoUploadFields,
      file: UploadedFile | null,
      actor: Actor,
      upload: Pick<Upload, 'image'>,
    ): Promise<FileRef> {
      if (!canManageFilesOf(actor, fields.user_id)) throw AppError.forbidden();
      if (!file || file.bytes.length === 0) throw AppError.validation({ file: [LOGO_MESSAGES.fileRequired] });
      if (file.bytes.length > LOGO_MAX_BYTES) throw tooLarge();
      if (!(await users.find(fields.user_id))) throw AppError.notFound();
      const kind = detectImageKind(file.bytes);
      if (!kind) throw AppError.validation({ file: [LOGO_MESSAGES.fileType] });
      const encoded = await upload
        .image(() => reencodeLogo(file.bytes, kind))
        .catch((error: unknown) => {
          if (error instanceof UnreadableImageError)
            throw AppError.validation({ file: [LOGO_MESSAGES.fileType] });
          throw error;
        });

      const stored = {
        userId: fields.user_id,
        type: 'logo' as const,
        key: newKey(),
        fileName: displayName(file.fileName, kind.extension),
        contentType: kind.contentType,
        bytes: encoded.image,
        etag: etagOf(encoded.image),
        thumbnail: encoded.thumbnail,
        thumbnailEtag: etagOf(encoded.thumbnail),
      };
      const id = await db.transaction(async (tx) => {
        const replaced = await files.in(tx).findUserFileId(fields.user_id, 'logo');
        const fileId = await files.in(tx).replaceUserFile(stored);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'files.logo_uploaded',
          targetType: 'user',
          targetId: fields.user_id,
          ip: actor.ip,
          details: {
            fileId,
            replacedFileId: replaced,
            fileName: stored.fileName,
            contentType: stored.contentType,
            uploadedBytes: file.bytes.length,
            storedBytes: stored.bytes.length,
          },
        });
        return fileId;
      });
      // auth/me shows the logo: this user's cached sessions must not answer the old one.
      tokens.forget({ userId: fields.user_id });
      return { id, userId: fields.user_id, key: stored.key, fileName: stored.fileName };
    },

    /**
     * DELETE files/{id}: the owner or an admin. Someone else's file is 404 like a missing one: the
     * answer must not tell which ids exist.
     */
    async remove(id: number, actor: Actor): Promise<void> {
      const file = await files.findOwner(id);
      if (!file || !canManageFilesOf(actor, file.userId)) throw AppError.notFound();
      await db.transaction(async (tx) => {
        await files.in(tx).delete(id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'files.deleted',
          targetType: 'user',
          targetId: file.userId,
          ip: actor.ip,
          details: { fileId: id, type: file.type, fileName: file.fileName },
        });
      });
      tokens.forget({ userId: file.userId });
    },

    /** The bytes behind a public URL, or undefined for an unknown (or malformed) key. */
    async findPublic(key: string, variant: 'image' | 'thumbnail') {
      if (!KEY_PATTERN.test(key)) return undefined;
      return files.findPublic(key, variant);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
