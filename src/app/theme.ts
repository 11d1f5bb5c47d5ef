import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core';
import { COLOR_SCHEME_KEY } from '../sync/color-scheme-key';

/**
 * product §1: the primary colour is orange; #f76707 is the manifest's theme colour and the light
 * shades keep it. The shades text and white labels use (6 to 9) are darkened so both read at
 * WCAG AA contrast (4.5:1) on white and under white text.
 */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#f76707',
  '#c2410c',
  '#b53d0b',
  '#9a3412',
  '#7c2d12',
];

/** The class that gives a control a finger's 44 × 44 px on a phone (tap-targets.css). */
const TAP = 'tap-target';

const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export const theme = createTheme({
  colors: { orange },
  primaryColor: 'orange',
  // Filled buttons and badges pick black or white text by the fill, so every fill reads. 0.179 is
  // the luminance where black and white text contrast equally: above it black reads better.
  autoContrast: true,
  luminanceThreshold: 0.179,
  // Plain objects, not Component.extend: the theme stays free of the components' code.
  // The tap classes (tap-targets.css) size only controls that stand alone. CloseButton is not
  // one: it is also a MultiSelect pill's remove ✕ and an input's clear ✕, where 44 px would
  // cover the field, so a tap meant to open the list would remove a choice. Only a dialog's ✕
  // is sized. Inputs and checkboxes stay as they are: they meet the spacing exception.
  components: {
    // The arrow controls are icons only: every pager names them.
    Pagination: {
      classNames: { control: TAP, dots: TAP },
      defaultProps: {
        getControlProps: (control: keyof typeof CONTROL_NAMES) => ({
          'aria-label': CONTROL_NAMES[control],
        }),
      },
    },
    Button: { classNames: { root: TAP } },
    ActionIcon: { classNames: { root: TAP } },
    Tabs: { classNames: { tab: TAP } },
    SegmentedControl: { classNames: { label: 'tap-label' } },
    // A dialog's ✕ is named, as every other button is.
    Modal: {
      classNames: { close: TAP },
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
    },
  },
  primaryShade: { light: 7, dark: 7 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

const storedScheme = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
let listening: ReturnType<typeof setTimeout> | undefined;

/**
 * Kept in localStorage so the choice survives reloads (and logout keeps this one key). Another
 * tab's change is listened for from the next task: adding a `storage` listener costs Chromium
 * about 12 ms of main thread, which landed in the task that mounts the first screen.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...storedScheme,
  subscribe: (onUpdate) => {
    clearTimeout(listening);
    listening = setTimeout(() => storedScheme.subscribe(onUpdate), 0);
  },
  unsubscribe: () => {
    clearTimeout(listening);
    storedScheme.unsubscribe();
  },
};

/** Dimmed text one shade darker than Mantine's in the light scheme: grey 6 is 3.3:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
