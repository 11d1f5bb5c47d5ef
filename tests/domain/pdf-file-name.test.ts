import { describe, expect, it } from 'vitest';
import { pdfFileName } from '../../src/domain/pdf-file-name';

describe('PDF file name (product §9: the title cut to 20 characters)', () => {
  it('keeps a 19- and a 20-character title whole', () => {
    expect(pdfFileName('A'.repeat(19))).toBe(`${'A'.repeat(19)}.pdf`);
    expect(pdfFileName('Hydraulic pump guide')).toBe('Hydraulic pump guide.pdf'); // 20
  });

  it('cuts a 21-character title to 20', () => {
    expect(pdfFileName('Hydraulic pump guides')).toBe('Hydraulic pump guide.pdf');
    expect(pdfFileName('B'.repeat(21))).toBe(`${'B'.repeat(20)}.pdf`);
  });

  it('counts characters, not UTF-16 units: an emoji or accent is never cut in half', () => {
    const title = `${'é'.repeat(19)}🚜🚜`;
    expect(pdfFileName(title)).toBe(`${'é'.repeat(19)}🚜.pdf`);
    expect(pdfFileName('Überprüfung der Hydraulik')).toBe('Überprüfung der Hydr.pdf');
  });

  it('replaces characters a file system refuses and trims blanks left at the cut', () => {
    expect(pdfFileName('Reset: a/b? "now"')).toBe('Reset a b now.pdf');
    expect(pdfFileName('Nineteen characters here')).toBe('Nineteen characters.pdf');
  });

  it('names an untitled article', () => {
    expect(pdfFileName('   ')).toBe('article.pdf');
  });
});
