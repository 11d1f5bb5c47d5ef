import type { Page, Response } from 'playwright-core';

/**
 * Records every Content-Security-Policy violation the page reports (the document's
 * `securitypolicyviolation` events, from the next navigation on) and every console line the
 * browser writes about one, a worker's included. An app that runs within its policy has none.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) seen.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation(t: string): void }).__cspViolation;
      report(`${e.effectiveDirective} refused ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return seen;
}

/** The policy a page was served under, whether the network or the service worker answered. */
export async function pagePolicy(response: Response | null): Promise<string> {
  if (!response) throw new Error('the navigation had no response');
  return (await response.headerValue('content-security-policy')) ?? '';
}
