import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fileKeyParamsSchema,
  idParamsSchema,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  MESSAGES,
  logoUploadFieldsSchema,
  logoUploadResponseSchema,
} from '@portal/contract';
import { AppError } from '../../lib/errors';
import { bearerSecurity, errorResponses, noContent } from '../../lib/openapi';
import { binaryBody, documentedOnly } from '../../lib/openapi-media';
import { actorOf } from '../tokens';
import { presentFile } from './presenter';
import { tooLarge, type UploadedFile } from './service';
import { untilAborted } from './upload-queue';

/** A second file part: a 422 on `file`, before its bytes are read (not busboy's 413 "too large"). */
const oneFileOnly = () => AppError.validation({ file: [LOGO_MESSAGES.oneFile] });

/**
 * Reads the multipart body: text fields, and the one `file` part into memory. busboy stops a file
 * at fileSize; one byte over the logo limit is enough to tell "too large" (413) from "exactly at
 * the limit" (accepted), whatever busboy counts as the limit itself.
 */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  let fileParts = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: LOGO_MAX_BYTES + 1, files: 2, fields: 5, fieldSize: 1_000, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (++fileParts > 1) throw oneFileOnly();
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LOGO_MAX_BYTES) throw tooLarge();
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
        else fields[part.fieldname] = '(a file)';
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw oneFileOnly();
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413 || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    // Anything else is the body's fault: no boundary, a wrong one, no closing one, cut short
    // (busboy's errors carry no status, so unmapped they would be a 500).
    throw new AppError(400, MESSAGES.malformedRequest, { cause: error });
  }
  return { fields: logoUploadFieldsSchema.parse(fields), file };
}

/** The form of POST files/logo, for the document only: the handler reads the parts itself (readUpload). */
const logoForm = documentedOnly({
  type: 'object',
  required: ['user_id', 'type', 'file'],
  properties: {
    user_id: { type: 'integer', minimum: 1, description: 'Whose logo (yours, or anyone for admins)' },
    type: { type: 'string', enum: ['logo'] },
    file: { type: 'string', format: 'binary', description: `PNG or JPEG, at most ${LOGO_MAX_BYTES} bytes` },
  },
  example: { user_id: 42, type: 'logo', file: '(the image bytes)' },
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** An If-None-Match list (or `*`) that names this ETag; weak comparison, as RFC 9110 asks for GET. */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

/** docs/api.md "Files": logo upload and delete, and the public (capability) URLs of stored images. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const { files } = app;
  const tags = ['files'];

  app.post(
    '/files/logo',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'uploadLogo',
        tags,
        summary: 'Upload a logo: multipart {user_id, type: "logo", file}; own logo, or admin for anyone',
        description: `PNG or JPEG by content, at most ${LOGO_MAX_BYTES} bytes (413 above); re-encoded; replaces the previous logo. One upload per user at a time (429 while the previous one is in progress).`,
        consumes: ['multipart/form-data'],
        body: logoForm,
        security: bearerSecurity,
        response: {
          201: logoUploadResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Admitted before the body is read; the body is read before the image queue is joined, so a
      // slow sender waits on its own (decision 0024).
      const upload = app.uploads.admit(actor.userId, reply.raw);
      try {
        const { fields, file } = await untilAborted(readUpload(request), upload.signal);
        const stored = await files.uploadLogo(fields, file, actor, upload);
        return reply.status(201).send({ data: presentFile(stored) });
      } finally {
        upload.end();
      }
    },
  );

  app.delete(
    '/files/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'deleteFile',
        tags,
        summary: 'Delete a file (its owner, or an admin)',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 204: noContent('Deleted'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await files.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  /**
   * Public on purpose: <img src> sends no Bearer token, so the unguessable key in the URL is the
   * permission. A key names one upload forever (a new upload gets a new key), hence `immutable`.
   */
  const serve = (variant: 'image' | 'thumbnail') => async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = request.params as { key: string };
    const file = await files.findPublic(key, variant);
    if (!file) throw AppError.notFound();
    reply
      .header('ETag', file.etag)
      .header('Cache-Control', IMMUTABLE)
      .header('X-Content-Type-Options', 'nosniff');
    if (matches(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .send(file.bytes);
  };
  const imageResponses = (description: string) => ({
    200: {
      description: `${description}; ETag and a year-long immutable Cache-Control`,
      content: { 'image/png': { schema: binaryBody }, 'image/jpeg': { schema: binaryBody } },
    },
    304: noContent('Not modified: If-None-Match names the current ETag'),
    ...errorResponses(404),
  });
  app.get(
    '/files/public/:key',
    {
      schema: {
        operationId: 'getFile',
        tags,
        summary: 'A stored image, by the key of its public_url (no token)',
        params: fileKeyParamsSchema,
        response: imageResponses('The image, as uploaded (re-encoded)'),
      },
    },
    serve('image'),
  );
  app.get(
    '/files/public/:key/thumbnail',
    {
      schema: {
        operationId: 'getFileThumbnail',
        tags,
        summary: 'The thumbnail of a stored image (no token)',
        params: fileKeyParamsSchema,
        response: imageResponses('The thumbnail, 108 px high'),
      },
    },
    serve('thumbnail'),
  );
};
