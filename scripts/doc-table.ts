// A generated table kept between two markers of a Markdown file (the README's configuration
// table, docs/gateway.md's endpoint table): read it back to compare, or write it in place.
import { readFile, writeFile } from 'node:fs/promises';

export interface DocTable {
  file: string;
  start: string;
  end: string;
}

function bounds(text: string, { file, start, end }: DocTable): [number, number] {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the markers ${start} ... ${end}`);
  return [from + start.length, to];
}

/** The table as the file has it now, between the markers. */
export async function tableIn(doc: DocTable): Promise<string> {
  const text = await readFile(doc.file, 'utf8');
  const [from, to] = bounds(text, doc);
  return text.slice(from, to).trim();
}

/** Writes `table` between the markers. */
export async function writeTableIn(doc: DocTable, table: string): Promise<void> {
  const text = await readFile(doc.file, 'utf8');
  const [from, to] = bounds(text, doc);
  await writeFile(doc.file, `${text.slice(0, from)}\n\n${table}\n\n${text.slice(to)}`);
}
