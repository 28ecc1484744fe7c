/**
 * The Gen 3/Gen4 Specs sheet (docs/product.md §2 Developer Resources), written as a one-page PDF 1.4 with the
 * standard Helvetica fonts: a real PDF any viewer opens, made by the product instead of shipped as
 * an opaque binary, so its content is reviewable here.
 */

const ROWS: Array<[feature: string, gen3: string, gen4: string]> = [
  ['Cellular', 'LTE Cat-1 (3G fallback)', 'LTE Cat-M1 / NB-IoT (2G fallback)'],
  ['GNSS', 'GPS + GLONASS, 2.5 m CEP', 'GPS + GLONASS + Galileo + BeiDou, 1.5 m CEP'],
  ['Report interval', '30 s moving / 15 min parked', '1 s to 24 h, configurable'],
  ['Inputs / outputs', '2 digital in, 1 digital out', '4 digital in, 2 analog in, 2 digital out'],
  ['CAN bus', 'J1939 (read)', 'J1939 + OBD-II, read and write'],
  ['Accelerometer', '3-axis, harsh braking', '3-axis + gyro, crash detection'],
  ['Supply voltage', '9-32 V DC', '6-36 V DC'],
  ['Backup battery', '250 mAh, 4 h', '750 mAh, 12 h'],
  ['Operating temperature', '-20 to +70 C', '-40 to +85 C'],
  ['Ingress protection', 'IP54', 'IP67'],
  ['Dimensions', '98 x 62 x 24 mm', '86 x 54 x 20 mm'],
  ['Firmware updates', 'Over the air, full image', 'Over the air, delta images'],
];

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

function pageContent(): string {
  const lines: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    lines.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${pdfText(value)}) Tj ET`);
  text(56, 780, 22, 'Gen 3 / Gen 4 Specs', true);
  text(56, 758, 11, 'Tattle Systems telematics units: what changed between the third and fourth generation.');
  const columns = [56, 180, 340];
  let y = 720;
  lines.push('0.93 0.95 0.98 rg 50 ' + (y - 8) + ' 495 24 re f 0 0 0 rg');
  ['Feature', 'Gen 3', 'Gen 4'].forEach((h, i) => text(columns[i]!, y, 11, h, true));
  for (const [feature, gen3, gen4] of ROWS) {
    y -= 30;
    lines.push(`0.85 0.87 0.9 RG 50 ${y + 18} m 545 ${y + 18} l S`);
    text(columns[0]!, y, 10, feature, true);
    text(columns[1]!, y, 9, gen3);
    text(columns[2]!, y, 9, gen4);
  }
  text(
    56,
    y - 50,
    9,
    'Both generations report to Tattle Systems; Gen 4 units also feed NS BI fleet dashboards directly.',
  );
  return lines.join('\n');
}

export function specsPdf(): Buffer {
  const content = pageContent();
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Title (Gen 3 / Gen 4 Specs) /Producer (Customer Portal) >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
