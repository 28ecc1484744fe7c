import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export type CsvColumn<Row> = { header: string; value: (row: Row) => unknown };

/**
 * Rows as a CSV byte stream with a header row. Rows are pulled from `rows` only as fast as the client
 * reads (stream back-pressure), so an export of 1,000,000 rows holds one keyset page in memory.
 * `escape_formulas`: a cell starting with =, +, -, @, tab or CR gets a leading ' so a spreadsheet
 * shows it as text instead of running it (CSV/formula injection, OWASP).
 */
export function csvStream<Row>(
  rows: AsyncIterable<Row> | Iterable<Row>,
  columns: Array<CsvColumn<Row>>,
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.value(row) ?? '');
    })(),
  );
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), escape_formulas: true });
  records.on('error', (err) => csv.destroy(err));
  return records.pipe(csv);
}

/** Sends a CSV stream as a download named `<name>-<YYYY-MM-DD>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, stream: Readable, today: Date) {
  const file = `${name}-${today.toISOString().slice(0, 10)}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** How an export ended, for its audit row: rows sent, and whether the client got them all. */
export type ExportOutcome = { rows: number; complete: boolean };

/**
 * An export as a CSV download, the first row read before anything is sent: an export that fails
 * before its first row (a lost database, a bad cursor) answers the normal JSON error with its
 * status (503, 422, …) instead of a 200 cut short. `finished` runs once the last row was read, or
 * when the download stopped early (client gone, a later read failed), before the stream ends.
 */
export async function sendCsvExport<Row>(
  reply: FastifyReply,
  options: {
    name: string;
    rows: AsyncIterable<Row> | Iterable<Row>;
    columns: Array<CsvColumn<Row>>;
    today: Date;
    finished?: (outcome: ExportOutcome) => Promise<void>;
  },
) {
  const source = options.rows;
  const iterator: AsyncIterator<Row> | Iterator<Row> =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  const first = await iterator.next();
  const finished = options.finished;
  async function* all(): AsyncGenerator<Row> {
    let rows = 0;
    let complete = false;
    try {
      let next = first;
      while (!next.done) {
        yield next.value;
        rows += 1;
        next = await iterator.next();
      }
      complete = true;
    } finally {
      if (!complete) await iterator.return?.();
      // The rows have been sent: a failed audit write is logged, not turned into a cut download.
      await finished?.({ rows, complete }).catch((err: unknown) =>
        reply.log.error({ err }, 'could not record an export in the audit log'),
      );
    }
  }
  return sendCsv(reply, options.name, csvStream(all(), options.columns), options.today);
}
