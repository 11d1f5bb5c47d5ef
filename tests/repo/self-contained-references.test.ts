import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../files-under';

/*
 * A clone of the repository has only its own documents: code, tests and the README cite the
 * product as `product §N` (docs/product.md) and the design as docs/architecture.md, never the
 * team documents that lived outside it. The patterns are assembled so this file does not
 * match itself.
 */
const FORBIDDEN: ReadonlyArray<readonly [string, RegExp]> = [
  ['a section of the old spec', new RegExp(['SP', 'EC ?§'].join(''))],
  ['the old spec file', new RegExp(['SP', 'EC\\.md'].join(''))],
  ['the old spec', new RegExp(['\\bSP', 'EC\\b'].join(''))],
  ['the old decisions', new RegExp(['\\bDECI', 'SIONS\\b'].join(''))],
  ['the old architecture notes', new RegExp(['\\bARCHI', 'TECTURE\\b'].join(''))],
  ['the shared folder', new RegExp(['\\.\\./sha', 'red\\b'].join(''))],
];

const ROOTS = ['src', 'sw', 'gateway', 'contract', 'tests', 'e2e', 'bench'];
const FILES = ['README.md'];
const TEXT = /\.(ts|tsx|js|mjs|cjs|css|html|json|md)$/;

function offences(): string[] {
  const found: string[] = [];
  for (const file of [...ROOTS.flatMap((root) => filesUnder(root, TEXT)), ...FILES]) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const hit = FORBIDDEN.find(([, pattern]) => pattern.test(line));
        if (hit) found.push(`${file}:${i + 1} cites ${hit[0]}: ${line.trim()}`);
      });
  }
  return found;
}

describe('the repository explains itself', () => {
  it('cites only documents a clone has', () => {
    expect(offences()).toEqual([]);
  });

  it('would notice a citation of a document outside the repository', () => {
    const line = `// see ${['SP', 'EC'].join('')} §5 and ${['..', 'shared'].join('/')}/x`;
    const hits = FORBIDDEN.filter(([, pattern]) => pattern.test(line)).map(([what]) => what);
    expect(hits).toEqual(['a section of the old spec', 'the old spec', 'the shared folder']);
  });
});
