/** The name when the page carries none (the Vite dev server serves index.html unbranded). */
const FALLBACK = 'Torque';

/**
 * The product name the gateway wrote into index.html (`application-name`, from PRODUCT_NAME),
 * so the first paint already says the configured name before the remote config is read.
 */
export function servedProductName(): string {
  if (typeof document === 'undefined') return FALLBACK;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  return meta?.content.trim() || FALLBACK;
}
