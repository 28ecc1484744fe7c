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
