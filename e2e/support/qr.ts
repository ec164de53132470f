import jsQR from 'jsqr';
import type { Page } from 'playwright-core';

/** Reads the QR code of an element as the printer would put it on paper: a screenshot, decoded. */
export async function decodeQr(page: Page, selector: string): Promise<string | undefined> {
  const png = (await page.locator(selector).screenshot()).toString('base64');
  const image = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    return { width: img.width, height: img.height, pixels: Array.from(context.getImageData(0, 0, img.width, img.height).data) };
  }, png);
  return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data;
}
