/**
 * A tiny, valid one-page PDF (Letter, Helvetica) of text lines, for the demo manuals and
 * attachments: no dependency, and real bytes a browser's viewer opens.
 */

/** PDF string literal: backslash and parentheses escaped; non-ASCII replaced (WinAnsi subset). */
function pdfText(s: string): string {
  return s
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

export function makePdf(title: string, lines: readonly string[]): Buffer {
  const body: string[] = ['BT', '/F2 16 Tf', '72 720 Td', `(${pdfText(title)}) Tj`, '/F1 11 Tf'];
  // Letter page, one-inch margins: at most ~44 lines of 11 pt text below the title.
  for (const line of lines.slice(0, 44)) body.push('0 -15 Td', `(${pdfText(line)}) Tj`);
  body.push('ET');
  const stream = body.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
