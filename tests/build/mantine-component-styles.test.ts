import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  mantineComponentStyles,
  mantineImportsOf,
  mantineSheetsFor,
} from '../../build-tools/mantine-component-styles';
import { filesUnder } from '../files-under';

describe('Mantine component stylesheets derived by the build', () => {
  it('gives a Modal the sheets of what it renders inside, its close button included', () => {
    const sheets = mantineSheetsFor(['Modal']);
    for (const sheet of ['Modal', 'ModalBase', 'CloseButton', 'Overlay', 'UnstyledButton']) {
      expect(sheets).toContain(sheet);
    }
  });

  it('puts a dependency before the component built on it', () => {
    const sheets = mantineSheetsFor(['Button']);
    expect(sheets.indexOf('UnstyledButton')).toBeLessThan(sheets.indexOf('Button'));
  });

  it('reads value imports only, aliases by their original name', () => {
    const code = [
      "import type { MantineTheme } from '@mantine/core';",
      "import {\n  Button as B,\n  type ButtonProps,\n  Table,\n} from '@mantine/core';",
    ].join('\n');
    expect(mantineImportsOf(code)).toEqual(['Button', 'Table']);
  });

  it("loads core's sheets for what another Mantine package renders: a toast is a Notification", () => {
    const sheets = mantineSheetsFor(
      mantineImportsOf("import { Notifications } from '@mantine/notifications';"),
    );
    for (const sheet of ['Notification', 'CloseButton', 'Loader']) expect(sheets).toContain(sheet);
    expect(
      mantineImportsOf("import type { NotificationData } from '@mantine/notifications';"),
    ).toEqual([]);
  });

  it('prepends the imports on the first line, so line numbers stay', () => {
    const plugin = mantineComponentStyles();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const out = transform("import { Badge } from '@mantine/core';\nexport {};\n", '/x/a.tsx');
    expect(out?.code.split('\n')[0]).toContain("import '@mantine/core/styles/Badge.css';");
    expect(out?.code.split('\n')).toHaveLength(3);
    expect(transform('export {};', '/x/b.tsx')).toBeNull();
  });

  it('knows every Mantine name the app imports, and the app imports no sheet by hand', () => {
    for (const file of filesUnder('src', /\.tsx?$/)) {
      const code = readFileSync(file, 'utf8');
      expect(() => mantineSheetsFor(mantineImportsOf(code)), file).not.toThrow();
      if (file !== join('src', 'main.tsx')) {
        expect(code, file).not.toMatch(/@mantine\/core\/styles/);
      }
    }
  });
});
