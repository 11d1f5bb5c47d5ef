import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_KEY } from '../sync/color-scheme-key';

/** product §1: the primary colour is orange; #f76707 (orange.7) is also the manifest's theme colour. */
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/** Kept in localStorage so the choice survives reloads (and logout keeps this one key). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
