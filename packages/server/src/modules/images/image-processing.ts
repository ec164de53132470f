import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_EDGE } from '@wartefrei/shared';
import { AppError } from '../../platform/errors.js';
import { sanitizeSvg } from './svg-sanitize.js';

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'svg';

export const MIME_OF: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

/** The file extension an image is served under, from its stored type. */
export function extensionOf(mimeType: string): string {
  const kind = (Object.keys(MIME_OF) as ImageKind[]).find((k) => MIME_OF[k] === mimeType);
  return kind === 'jpeg' ? 'jpg' : (kind ?? 'bin');
}

// An SVG may open with an XML declaration, comments and a doctype before its root element.
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

/**
 * What the bytes are, read from their signature: the file's name and the browser's declared
 * type are the uploader's claims and are not trusted.
 */
export function sniffImageKind(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (SVG_START.test(bytes.subarray(0, 4096).toString('utf8'))) return 'svg';
  return undefined;
}

export interface PreparedImage {
  bytes: Buffer;
  mimeType: string;
  width: number;
  height: number;
  contentHash: string;
}

// A decompression bomb (a tiny file of enormous dimensions) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

async function prepareRaster(bytes: Buffer, kind: Exclude<ImageKind, 'svg'>): Promise<Omit<PreparedImage, 'contentHash'>> {
  try {
    // rotate() applies the camera's orientation; the output carries no metadata (no EXIF, no GPS).
    const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded = kind === 'png' ? pipeline.png() : kind === 'jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, mimeType: MIME_OF[kind], width: info.width, height: info.height };
  } catch {
    throw new AppError('IMAGE_UNREADABLE');
  }
}

async function prepareSvg(bytes: Buffer): Promise<Omit<PreparedImage, 'contentHash'>> {
  const clean = await sanitizeSvg(bytes.toString('utf8'));
  if (!clean) throw new AppError('IMAGE_UNREADABLE');
  const stored = Buffer.from(clean, 'utf8');
  try {
    // Vector images keep their size; libvips reads the intrinsic one (width/height or viewBox).
    const meta = await sharp(stored).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { bytes: stored, mimeType: MIME_OF.svg, width: meta.width, height: meta.height };
  } catch {
    throw new AppError('IMAGE_UNREADABLE');
  }
}

/** The upload as it is stored: type from its bytes, raster images scaled down, SVG sanitised. */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new AppError('IMAGE_TYPE_UNSUPPORTED');
  const prepared = kind === 'svg' ? await prepareSvg(bytes) : await prepareRaster(bytes, kind);
  return { ...prepared, contentHash: createHash('sha256').update(prepared.bytes).digest('hex') };
}

/** A PNG of a stored image, for places that take no SVG or WebP (the PDF poster). */
export async function imageAsPng(bytes: Buffer, maxEdge: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}
