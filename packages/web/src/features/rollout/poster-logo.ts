/**
 * The logo as PNG bytes for the poster: pdf-lib embeds only PNG and JPEG, and a practice may
 * have uploaded SVG or WebP. The browser decodes any of them; a canvas turns the result into a
 * PNG of at most `maxEdge` pixels (the logo's own URL, so the canvas is never cross-origin).
 */
export async function logoAsPng(url: string, maxEdge = 600): Promise<Uint8Array> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const scale = Math.min(1, maxEdge / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('logo could not be drawn');
  return new Uint8Array(await blob.arrayBuffer());
}
