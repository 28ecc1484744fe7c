import { z } from 'zod';

/** Bytes (an image, a file part) as OpenAPI 3.0 describes them: a string of format binary. */
export const binaryBody = z.string().meta({ format: 'binary', example: '(the image bytes)' });

/** A Server-Sent Events stream, with an example of what it carries. */
export const eventStreamBody = (example: string) => z.string().meta({ example });

/**
 * A request body described for the OpenAPI document but not validated by Fastify: for a body the
 * handler reads itself (multipart parts). `jsonSchema` is what the document shows.
 */
export const documentedOnly = (jsonSchema: Record<string, unknown>) => z.any().meta(jsonSchema);

/** A CSV download (text/csv, a header row, one line per record), with its first lines as example. */
export const csvResponse = (description: string, example: string) => ({
  description: `${description}; Content-Disposition names the file`,
  content: { 'text/csv': { schema: z.string().meta({ example }) } },
});
