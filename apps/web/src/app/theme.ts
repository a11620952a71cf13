import { type AlertProps, Badge, createTheme, type MantineColorsTuple, rem } from '@mantine/core';

/** Brand colour: a deep wine red, used sparingly (header, primary actions, focus). */
const wine: MantineColorsTuple = [
  '#fdf0f4',
  '#f6dde5',
  '#ecb7c8',
  '#e18ea9',
  '#d86c8f',
  '#d2567e',
  '#cf4a75',
  '#b73b63',
  '#a43257',
  '#90254b',
];

export const theme = createTheme({
  primaryColor: 'wine',
  primaryShade: { light: 8, dark: 6 },
  colors: { wine },
  black: '#1f1a1c',
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '650',
  },
  /** The spec's breakpoints: 480, 600, 780, 1100 (mobile menu below), 1440 (content width). */
  breakpoints: {
    xs: '30em',
    sm: '37.5em',
    md: '48.75em',
    lg: '68.75em',
    xl: '90em',
  },
  focusRing: 'auto',
  /** Transitions are skipped for people who ask the system for reduced motion. */
  respectReducedMotion: true,
  components: {
    // Mantine's light badges write their text in the colour's shade 6 on its own tint: 3.07–4.39:1 for
    // green, orange, red, grape, gray (axe color-contrast, docs/decisions/0098). Dark text on the tint keeps
    // the colour in the background and every text at 4.5:1 or more.
    Badge: Badge.extend({
      vars: (_theme, props) =>
        props.variant === 'light'
          ? { root: { '--badge-color': 'var(--mantine-color-dark-7)' } }
          : { root: {} },
    }),
    // The same for light alerts' titles (teal 'You're ready to ship!' was under 4.5:1).
    // A plain object, not Alert.extend: that would load Alert's code with every page (docs/decisions/0158).
    Alert: {
      vars: (_theme: unknown, props: AlertProps) =>
        props.variant === 'light'
          ? { root: { '--alert-color': 'var(--mantine-color-dark-7)' } }
          : { root: {} },
    },
    // Every close button has a name (axe button-name): modals without closeButtonProps, notifications.
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Anchor: { defaultProps: { underline: 'hover' } },
  },
  other: { contentMaxWidth: rem(1440) },
});
