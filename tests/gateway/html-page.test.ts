import { describe, expect, it } from 'vitest';
import { html, page } from '../../gateway/html/page';

describe('server-rendered pages', () => {
  it("name the app's icon, so the browser does not ask for a missing /favicon.ico", () => {
    const out = page('Sign in', 'Torque', html`<p>body</p>`);
    expect(out).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });
});
