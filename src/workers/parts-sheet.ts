import type { PartsSheet } from '../domain/prediction-sheet';

/*
 * The printed parts sheet (product §2 Parts prediction step, Print) as a PDF, made with jspdf.
 * A plain module so the in-page fallback runs it without a worker; parts-sheet.worker.ts only
 * exposes it. It needs no network: the sheet prints offline.
 */

/** product §9: letter portrait, 1 inch margins. Inches throughout. */
const PAGE = { width: 8.5, height: 11, margin: 1 };
const TITLE_PT = 16;
const HEADING_PT = 13;
const BODY_PT = 11;
const lineHeight = (pt: number) => (pt / 72) * 1.3;

export interface PartsSheetApi {
  /** The sheet's PDF bytes. */
  render(sheet: PartsSheet): Promise<Blob>;
}

async function render(sheet: PartsSheet): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'in', format: 'letter' });
  const width = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  let y = PAGE.margin;

  const write = (text: string, pt: number, style: 'bold' | 'normal') => {
    const lh = lineHeight(pt);
    doc.setFont('helvetica', style);
    doc.setFontSize(pt);
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      if (y + lh > bottom) {
        doc.addPage('letter', 'portrait');
        y = PAGE.margin;
      }
      doc.text(line, PAGE.margin, y, { baseline: 'top' });
      y += lh;
    }
  };

  write(sheet.title, TITLE_PT, 'bold');
  for (const line of sheet.header) write(line, BODY_PT, 'normal');
  for (const block of sheet.blocks) {
    y += lineHeight(BODY_PT);
    write(block.heading, HEADING_PT, 'bold');
    for (const line of block.lines) write(line, BODY_PT, 'normal');
  }
  return doc.output('blob');
}

export const partsSheetService: PartsSheetApi = { render };
