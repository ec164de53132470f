import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { A4, buildPoster, POSTER_QR_SIZE } from './poster';

const QUEUE_LINK = 'https://wartefrei.example/praxis-demo/wien/allgemein';

/** The page's drawing instructions as text (pdf-lib compresses them). */
async function contentOf(bytes: Uint8Array): Promise<{ pdf: PDFDocument; content: string }> {
  const pdf = await PDFDocument.load(bytes);
  const [page] = pdf.getPages();
  const contents = page!.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  const texts = streams.map((stream) => {
    if (!(stream instanceof PDFRawStream)) throw new Error('expected a stored content stream');
    return new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
  });
  return { pdf, content: texts.join('\n') };
}

/**
 * Paints every filled rectangle (`x y w h re`) of the page into a white pixel grid, upside down
 * as a printer would (PDF's y axis points up), and lets jsQR read the code from it.
 */
function decodeDrawnQr(content: string, pixelsPerPoint = 2): string | undefined {
  const width = Math.ceil(A4.width * pixelsPerPoint);
  const height = Math.ceil(A4.height * pixelsPerPoint);
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [, x, y, w, h] of content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)) {
    const left = Math.round(Number(x) * pixelsPerPoint);
    const right = Math.round((Number(x) + Number(w)) * pixelsPerPoint);
    const top = Math.round((A4.height - Number(y) - Number(h)) * pixelsPerPoint);
    const bottom = Math.round((A4.height - Number(y)) * pixelsPerPoint);
    for (let row = top; row < bottom; row++) {
      for (let col = left; col < right; col++) pixels.fill(0, (row * width + col) * 4, (row * width + col) * 4 + 3);
    }
  }
  return jsQR(pixels, width, height)?.data;
}

/** How pdf-lib writes a Helvetica text: its Windows-1252 bytes as a hex string. */
const hexOf = (text: string) =>
  [...text]
    .map((c) => c.charCodeAt(0).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();

describe('buildPoster', () => {
  it('is one A4 page whose vector QR code decodes to the queue link', async () => {
    const bytes = await buildPoster({ title: 'Allgemeinmedizin', upper: 'Ticket ziehen', lower: 'Wir rufen Sie auf.', url: QUEUE_LINK });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { pdf, content } = await contentOf(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 2);
    expect(height).toBeCloseTo(841.89, 2);
    expect(pdf.getTitle()).toBe('Allgemeinmedizin');
    expect(decodeDrawnQr(content)).toBe(QUEUE_LINK);
  });

  it('prints the title, both texts and the link in small print', async () => {
    const bytes = await buildPoster({ title: 'Blutabnahme', upper: 'Oben', lower: 'Unten', url: QUEUE_LINK });
    const { content } = await contentOf(bytes);
    for (const text of ['Blutabnahme', 'Oben', 'Unten', QUEUE_LINK]) expect(content).toContain(`<${hexOf(text)}>`);
  });

  it('encodes a custom address, keeps umlauts and survives characters the PDF font lacks', async () => {
    const custom = 'https://praxis.example/termine?von=plakat';
    const bytes = await buildPoster({ title: 'Kinder & Jugend – Ärztin', upper: 'Şişli ✓', lower: 'x'.repeat(2000), url: custom });
    const { content } = await contentOf(bytes);
    expect(decodeDrawnQr(content)).toBe(custom);
    // "–" is 0x96 and "Ä" 0xC4 in Windows-1252; "Ş" and "✓" become "?".
    expect(content).toContain(hexOf('Kinder & Jugend ') + '96' + hexOf(' ') + 'C4' + hexOf('rztin'));
    expect(content).toContain(`<${hexOf('?i?li ?')}>`);
  });

  it.each([
    ['TOP', (y: number) => y > A4.height / 2],
    ['BOTTOM', (y: number) => y < A4.height / 4],
  ] as const)('draws the practice logo at the %s, 2:1 as uploaded, and the QR code still decodes', async (placement, where) => {
    // A 4×2 PNG: the logo is scaled into its box keeping that proportion.
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4w8AARwjWGQYGAFlaBmFAfegkAAAAAElFTkSuQmCC'), (c) =>
      c.charCodeAt(0),
    );
    const { content } = await contentOf(await buildPoster({ title: 'Allgemein', upper: 'Oben', lower: 'Unten', url: QUEUE_LINK, logo: { png, placement } }));
    // pdf-lib places an image by a translation (x y) and then a scale (width height).
    const [, y, w, h] = /1 0 0 1 [\d.]+ ([\d.]+) cm\s+1 0 0 1 0 0 cm\s+([\d.]+) 0 0 ([\d.]+) 0 0 cm\s+1 0 0 1 0 0 cm\s+\/Image/.exec(content)!.map(Number);
    expect(w! / h!).toBeCloseTo(2, 5);
    expect(where(y!)).toBe(true);
    expect(decodeDrawnQr(content)).toBe(QUEUE_LINK);
  });

  it('keeps the QR code square and inside the page', async () => {
    const { content } = await contentOf(await buildPoster({ title: 'T', upper: '', lower: '', url: QUEUE_LINK }));
    const squares = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map(([, x, y, w, h]) => ({
      x: Number(x),
      y: Number(y),
      right: Number(x) + Number(w),
      top: Number(y) + Number(h),
    }));
    const left = Math.min(...squares.map((s) => s.x));
    const right = Math.max(...squares.map((s) => s.right));
    const bottom = Math.min(...squares.map((s) => s.y));
    const top = Math.max(...squares.map((s) => s.top));
    expect(left).toBeGreaterThan(0);
    expect(right).toBeLessThan(A4.width);
    expect(bottom).toBeGreaterThan(0);
    expect(top).toBeLessThan(A4.height);
    expect(right - left).toBeLessThanOrEqual(POSTER_QR_SIZE);
    expect(Math.abs(right - left - (top - bottom))).toBeLessThan(0.01);
  });
});
