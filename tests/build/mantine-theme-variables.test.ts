import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mantineThemeCss, mantineThemeVariables } from '../../build-tools/mantine-theme-variables';
import { cssVariablesResolver, theme } from '../../src/app/theme';

/** The <style> of theme variables MantineProvider renders when left to do it at run time. */
function runtimeVariables(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, children: 'x' }),
  );
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  const variables = styles.filter((css) => css.includes('--mantine-color-'));
  expect(variables).toHaveLength(1);
  return variables[0] ?? '';
}

describe('theme variables built into index.html', () => {
  it('are exactly those MantineProvider would render, for both colour schemes', () => {
    const css = mantineThemeCss(theme, cssVariablesResolver);

    expect(css).toBe(runtimeVariables());
    expect(css).toContain(':root[data-mantine-color-scheme="light"]');
    expect(css).toContain(':root[data-mantine-color-scheme="dark"]');
    expect(css).toContain('--mantine-color-orange-filled: var(--mantine-color-orange-7)');
    expect(css).toContain('--mantine-color-dimmed: var(--mantine-color-gray-7)');
  });

  it('reach the page head as a style element', () => {
    const plugin = mantineThemeVariables(theme, cssVariablesResolver);
    const transform = plugin.transformIndexHtml as () => { tag: string; children: string }[];
    const [tag] = transform();
    expect(tag?.tag).toBe('style');
    expect(tag?.children).toBe(mantineThemeCss(theme, cssVariablesResolver));
  });
});
