/**
 * Stripe's request bodies and query strings are form-encoded with brackets
 * (`items[0][price]=…&default_tax_rates[]=…`); this turns them into plain objects and arrays.
 */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      if (last) {
        (node as Record<string | number, unknown>)[key] = value;
        return;
      }
      const container = node as Record<string | number, unknown>;
      container[key] ??= parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}
