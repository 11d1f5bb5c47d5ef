import {
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Plugin } from 'vite';

type Scheme = keyof ConvertCSSVariablesInput;

/**
 * The stylesheet MantineProvider would otherwise render at run time (its <style> of the theme's
 * CSS variables, both colour schemes), computed from the same theme with Mantine's own
 * functions. Like the provider's default, it holds only what differs from the variables
 * @mantine/core's static stylesheet already declares.
 */
export function mantineThemeCss(
  theme: MantineThemeOverride,
  resolver: CSSVariablesResolver,
): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const own = defaultCssVariablesResolver(merged);
  const extra = resolver(merged);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const scheme of ['variables', 'light', 'dark'] as const satisfies Scheme[]) {
    const values = { ...own[scheme], ...extra[scheme] };
    for (const [name, value] of Object.entries(values) as [`--${string}`, string][]) {
      if (defaults[scheme][name] !== value) changed[scheme][name] = value;
    }
  }
  return convertCssVariables(changed);
}

/**
 * Puts the theme's CSS variables into index.html, so the first paint has them and the provider
 * need not build and insert them while React renders (a style recalculation of the whole page
 * in the first render's task). The app's MantineProvider runs with `withCssVariables={false}`.
 */
export function mantineThemeVariables(
  theme: MantineThemeOverride,
  resolver: CSSVariablesResolver,
): Plugin {
  return {
    name: 'torque:mantine-theme-variables',
    transformIndexHtml: () => [
      {
        tag: 'style',
        attrs: { 'data-mantine-theme': '' },
        children: mantineThemeCss(theme, resolver),
        injectTo: 'head',
      },
    ],
  };
}
