import type { DOMPurify } from 'dompurify';

/**
 * Uploaded SVG is sanitised before it is stored (docs/security.md#uploaded-images): an SVG is
 * a document that can carry scripts, event handlers and references to other servers. DOMPurify
 * (a maintained, widely reviewed allow-list sanitiser) keeps only drawing elements and
 * attributes; the hooks below also drop every reference that leaves the file itself, so a logo
 * cannot track who looks at it. jsdom gives DOMPurify its DOM; both are loaded on the first SVG,
 * not at start-up.
 */
let purifier: Promise<{ purify: DOMPurify; serialize: (node: unknown) => string }> | undefined;

const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;

/** The little of the DOM used here: the server is compiled without the browser's DOM types. */
interface TextNode {
  textContent: string | null;
}
interface Fragment {
  querySelector(selector: string): unknown;
}

async function loadPurifier() {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeElement', (node, data) => {
    // A <style> may import or fetch: such a sheet is emptied, a sheet of fills and strokes kept.
    const element = node as unknown as TextNode;
    if (data.tagName === 'style' && /@import|url\(\s*['"]?\s*(?!#)/i.test(element.textContent ?? '')) element.textContent = '';
  });
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    // Links and <use>/<image> sources may only point inside the file (#id).
    if ((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(value)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  return { purify, serialize: (node: unknown) => serializer.serializeToString(node) };
}

/** The SVG with scripts, handlers and outside references removed; undefined when no <svg> is left. */
export async function sanitizeSvg(text: string): Promise<string | undefined> {
  purifier ??= loadPurifier();
  const { purify, serialize } = await purifier;
  // RETURN_DOM answers the parsed body (a DOM type the server does not compile with).
  const body = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM: true,
    // <use> repeats a shape of the same file (its href is held to #id above); links lead nowhere on a logo.
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'a'],
  }) as unknown as Fragment;
  const svg = body.querySelector('svg');
  if (!svg) return undefined;
  // The XML serialiser writes the namespaces a standalone .svg file needs (the HTML one would not).
  return serialize(svg);
}
