import { PDFDocument, StandardFonts, fill, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingGrayscaleColor, type PDFFont, type PDFPage } from 'pdf-lib';
import { qrPath } from '../../lib/qr';

/** What the printed poster says. `url` is what the QR code encodes and the small print shows. */
export interface PosterContent {
  title: string;
  upper: string;
  lower: string;
  url: string;
  /** The practice's logo as PNG bytes, where the list's ticket logo position puts it. */
  logo?: { png: Uint8Array; placement: 'TOP' | 'BOTTOM' };
}

/** A4 in PDF points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;

const MARGIN = 56;
const TEXT_WIDTH = A4.width - 2 * MARGIN;
/** Big enough to scan from a couple of metres across a waiting room. */
export const POSTER_QR_SIZE = 300;
const INK = rgb(0.1, 0.1, 0.1);
/** The logo's box: a letterhead's size, so title and QR code keep their room. */
const LOGO_MAX = { width: TEXT_WIDTH / 2, height: 56 } as const;

interface TextStyle {
  font: PDFFont;
  size: number;
  maxLines: number;
}

/** A module of the QR code as one horizontal run of dark squares, in module units. */
export interface QrRun {
  x: number;
  y: number;
  length: number;
}

/**
 * The dark modules of `text`'s QR code as horizontal runs. Read from `qrPath` so that screen,
 * kiosk ticket and poster share one encoder and one error-correction level; joining neighbours
 * into runs keeps hairline seams (and the file) small.
 */
export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const { size, path } = qrPath(text);
  const dark = new Set<number>();
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) dark.add(Number(y) * size + Number(x));
  const runs: QrRun[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark.has(y * size + x)) continue;
      let length = 1;
      while (x + length < size && dark.has(y * size + x + length)) length++;
      runs.push({ x, y, length });
      x += length;
    }
  }
  return { size, runs };
}

/**
 * The standard PDF fonts know only Windows-1252; anything else a practice types (Turkish ş,
 * emoji …) would make pdf-lib throw, so it is printed as "?" instead.
 */
function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/\t/g, ' ')].map((char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** How many leading characters of `word` fit into `width` (at least one, so wrapping ends). */
function longestFittingPrefix(word: string, font: PDFFont, size: number, width: number): number {
  let fits = 1;
  let tooLong = word.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (font.widthOfTextAtSize(word.slice(0, middle), size) <= width) fits = middle;
    else tooLong = middle;
  }
  return fits;
}

/** Splits a text into lines no wider than `width`; a word wider than a line is cut by letters. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        const cut = longestFittingPrefix(rest, font, size, width);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Draws centred lines from `top` downwards and returns the y below the last one. */
function drawCentred(page: PDFPage, text: string, top: number, style: TextStyle): number {
  const clean = printable(text.trim(), style.font);
  const lines = wrapText(clean, style.font, style.size, TEXT_WIDTH);
  const shown = lines.slice(0, style.maxLines);
  // A text longer than its space ends in "…" rather than running into the QR code.
  const last = shown.length - 1;
  if (lines.length > shown.length && last >= 0) shown[last] = `${shown[last]?.slice(0, -3)}...`;
  const leading = style.size * 1.25;
  let y = top;
  for (const line of shown) {
    y -= leading;
    const width = style.font.widthOfTextAtSize(line, style.size);
    page.drawText(line, { x: (A4.width - width) / 2, y: y + (leading - style.size), size: style.size, font: style.font, color: INK });
  }
  return y;
}

/** The QR code as filled vector squares, its top left corner at (x, top). */
function drawQr(page: PDFPage, url: string, x: number, top: number): void {
  const { size, runs } = qrRuns(url);
  const module = POSTER_QR_SIZE / size;
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...runs.map((run) => rectangle(x + run.x * module, top - (run.y + 1) * module, run.length * module, module)),
    fill(),
    popGraphicsState(),
  );
}

/**
 * The printable A4 poster of a queue: title, upper text, QR code, lower text and the link in
 * small print for those who type it. Built in the browser; the result is the PDF file's bytes.
 */
export async function buildPoster(content: PosterContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title.trim() || 'wartefrei');
  pdf.setCreator('wartefrei');
  pdf.setProducer('wartefrei');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([A4.width, A4.height]);
  const logo = content.logo && { image: await pdf.embedPng(content.logo.png), placement: content.logo.placement };
  const logoSize = logo && logo.image.scaleToFit(LOGO_MAX.width, LOGO_MAX.height);
  const drawLogo = (bottom: number) => logo && logoSize && page.drawImage(logo.image, { x: (A4.width - logoSize.width) / 2, y: bottom, ...logoSize });

  let y = A4.height - MARGIN;
  if (logo?.placement === 'TOP' && logoSize) {
    drawLogo(y - logoSize.height);
    y -= logoSize.height + 16;
  }
  y = drawCentred(page, content.title, y, { font: bold, size: 32, maxLines: 3 });
  y = drawCentred(page, content.upper, y - 16, { font: regular, size: 20, maxLines: 4 });
  const qrTop = y - 24;
  drawQr(page, content.url, (A4.width - POSTER_QR_SIZE) / 2, qrTop);
  // Below the lower text a bottom logo needs its room: the text gives up lines for it.
  const bottomLogo = logo?.placement === 'BOTTOM' && logoSize ? logoSize.height + 16 : 0;
  y = drawCentred(page, content.lower, qrTop - POSTER_QR_SIZE - 24, { font: regular, size: 16, maxLines: bottomLogo > 0 ? 2 : 5 });
  if (bottomLogo > 0) drawLogo(MARGIN + 40);
  // At the foot of the page; the lower text's line limit keeps it clear of this (y stays above).
  drawCentred(page, content.url, Math.min(y, MARGIN + 24), { font: regular, size: 9, maxLines: 2 });

  return pdf.save();
}
