/*
 * The short device label of a session ("Chrome · Windows"), read from the User-Agent at sign-in.
 * A handful of rules rather than a full parser: the label only helps a person tell their own
 * sessions apart, and what it does not recognise stays unnamed (null) rather than guessed.
 * Order matters: Edge and Opera announce "Chrome" too, Chrome announces "Safari", iPadOS
 * desktop mode announces "Macintosh".
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:\b|Headless)(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, rules: [RegExp, string][]) => rules.find(([pattern]) => pattern.test(ua))?.[1];

/** "Browser · System", one of them alone when only it is known, or null for an unknown or missing agent. */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  // Bounded: a header of any length is read no further than a real agent reaches.
  const ua = userAgent.slice(0, 512);
  const parts = [first(ua, BROWSERS), first(ua, SYSTEMS)].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : null;
}
