/** LIKE wildcards in user input are literal characters, not patterns (the default ESCAPE '\'). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
