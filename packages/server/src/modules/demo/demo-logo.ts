/**
 * The demo practice's logo: a green cross beside its name, drawn as an SVG so the demo needs no
 * binary file. It takes the path of an upload (sniffed, sanitised, stored once), so the demo's
 * ticket page, kiosk, monitor, poster and mails show a logo as a real practice's would.
 */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120" viewBox="0 0 480 120">
  <rect x="8" y="8" width="104" height="104" rx="20" fill="#0b7a5b"/>
  <path d="M46 28h28v18h18v28H74v18H46V74H28V46h18z" fill="#ffffff"/>
  <text x="132" y="58" font-family="Helvetica, Arial, sans-serif" font-size="40" font-weight="700" fill="#143c32">Praxis Dr. Demo</text>
  <text x="132" y="96" font-family="Helvetica, Arial, sans-serif" font-size="26" fill="#3d5a52">Ordination Wien</text>
</svg>`;
