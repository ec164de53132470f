import { qrPath } from '../lib/qr';

/** A QR code as crisp SVG, named for screen readers: the rollout's links, an authenticator app's key. */
export function QrImage({ text, label }: { text: string; label: string }) {
  const { size, path } = qrPath(text);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width={200} height={200} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
