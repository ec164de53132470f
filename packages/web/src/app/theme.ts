import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A calm teal-green. Shade 7 (the filled buttons, links, focus ring) has 6.6:1 contrast with
// white; Mantine's default blue[6] has 3.6:1 and fails WCAG AA for button text.
const brand: MantineColorsTuple = ['#e8f6f3', '#d3ebe6', '#a6d6cc', '#76c0b0', '#4fae99', '#36a28b', '#1f8a75', '#0f6b5c', '#0b5a4d', '#05473c'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'always',
  // Who asks their system for less motion gets no transitions from Mantine (plus reduced-motion.css).
  respectReducedMotion: true,
  components: {
    // Mantine renders the close button without a name; every notification gets one in the frame.
    // The description in full text colour: Mantine's dimmed grey falls short of 4.5:1 on white.
    Notification: { defaultProps: { withBorder: true }, styles: { description: { color: 'var(--mantine-color-text)' } } },
  },
});

// Mantine's defaults that fail AA on white: dimmed text (gray[6], 3.3:1), error text and invalid
// inputs (red[6], 3.3:1) and the titles of light alerts (shade 6). Darker shades read at ≥ 5.6:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-9)',
    '--mantine-color-brand-light-color': 'var(--mantine-color-brand-8)',
  },
  dark: {},
});
