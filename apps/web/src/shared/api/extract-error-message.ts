const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * docs/product.md §8 message order, written for an axios-style error: error text, data.message,
 * response.data.data.message, response.data.message, status text. With fetch the parsed body plays
 * `data`/`response.data`, so that maps to: the body's `error` text (or a plain-text body), the
 * envelope `message`, a nested `data.message` (202/passwords shape), then the HTTP status text.
 */
export function extractErrorMessage(body: unknown, statusText: string, fallback: string): string {
  return (
    text(body) ??
    text(field(body, 'error')) ??
    text(field(body, 'message')) ??
    text(field(field(body, 'data'), 'message')) ??
    text(statusText) ??
    fallback
  );
}
