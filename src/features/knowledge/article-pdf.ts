import { pdfFileName } from '../../domain/pdf-file-name';

/** product §9: letter portrait, 1 inch margins. Inches throughout. */
const PAGE = { width: 8.5, height: 11, margin: 1 };
const TITLE_PT = 16;
const BODY_PT = 11;
const lineHeight = (pt: number) => (pt / 72) * 1.3;

/**
 * The article as a PDF: its title, then its plain text wrapped to the margins across as many
 * pages as it needs. jspdf (≈100 KB gzipped) is imported here, on the click, so no screen
 * pays for it up front.
 */
export async function downloadArticlePdf(title: string, text: string): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ orientation: 'portrait', unit: 'in', format: 'letter' });
  const width = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  let y = PAGE.margin;

  const write = (lines: string[], pt: number) => {
    const lh = lineHeight(pt);
    doc.setFontSize(pt);
    for (const line of lines) {
      if (y + lh > bottom) {
        doc.addPage('letter', 'portrait');
        y = PAGE.margin;
      }
      doc.text(line, PAGE.margin, y, { baseline: 'top' });
      y += lh;
    }
  };

  doc.setFont('helvetica', 'bold');
  write(doc.splitTextToSize(title, width) as string[], TITLE_PT);
  y += lineHeight(BODY_PT);
  doc.setFont('helvetica', 'normal');
  write(doc.splitTextToSize(text, width) as string[], BODY_PT);
  doc.save(pdfFileName(title));
}
