/** product §9: a PDF download's file name is the title cut to 20 characters. */
export const PDF_NAME_MAX = 20;

// Characters no file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f]/g;

/**
 * The download name of a PDF (an article's, a prediction's parts sheet). Characters are counted
 * as code points, so an emoji or an accented letter is never cut in half; blanks left at the cut
 * are trimmed. `untitled` names a PDF whose title has nothing left.
 */
export function pdfFileName(title: string, untitled = 'article'): string {
  const clean = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const cut = Array.from(clean).slice(0, PDF_NAME_MAX).join('').trim();
  return `${cut || untitled}.pdf`;
}
