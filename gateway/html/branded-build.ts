import { escapeHtml } from './page';

/** The name the PWA is built with; the gateway swaps it for PRODUCT_NAME when serving. */
export const BUILT_PRODUCT_NAME = 'Torque';

const SCRIPT = /<script\b[\s\S]*?<\/script>/gi;
const NAME = new RegExp(`\\b${BUILT_PRODUCT_NAME}\\b`, 'g');

/**
 * index.html with the configured product name in its title, description, application-name
 * and loading shell. Script elements are left byte for byte: the Content-Security-Policy
 * allows the inline one by its hash.
 */
export function brandIndexHtml(source: string, productName: string): string {
  if (productName === BUILT_PRODUCT_NAME) return source;
  const name = escapeHtml(productName);
  let out = '';
  let last = 0;
  for (const m of source.matchAll(SCRIPT)) {
    out += source.slice(last, m.index).replace(NAME, () => name) + m[0];
    last = m.index + m[0].length;
  }
  return out + source.slice(last).replace(NAME, () => name);
}

/** The web manifest with the configured product name (what an installed app is called). */
export function brandManifest(source: string, productName: string): string {
  if (productName === BUILT_PRODUCT_NAME) return source;
  const manifest = JSON.parse(source) as Record<string, unknown>;
  return JSON.stringify({ ...manifest, name: productName, short_name: productName });
}
