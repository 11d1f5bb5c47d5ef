import { describe, expect, it } from 'vitest';
import { isShareFromDevice, type ShareRequest } from '../../src/domain/shared-files';

const OWN = 'https://torque.example';

function post(referrer: string, referrerPolicy = '', site?: string): ShareRequest {
  const headers = new Headers(site ? { 'sec-fetch-site': site } : {});
  return { referrer, referrerPolicy, headers };
}

describe('who may post into the share inbox', () => {
  it("takes the share sheet's POST: no page behind it", () => {
    expect(isShareFromDevice(post(''), OWN)).toBe(true);
    expect(isShareFromDevice(post('', 'strict-origin-when-cross-origin'), OWN)).toBe(true);
    expect(isShareFromDevice(post('', '', 'none'), OWN)).toBe(true);
  });

  it("takes the app's own pages", () => {
    expect(isShareFromDevice(post(`${OWN}/home`, 'strict-origin-when-cross-origin'), OWN)).toBe(
      true,
    );
    expect(isShareFromDevice(post(`${OWN}/`, '', 'same-origin'), OWN)).toBe(true);
  });

  it("refuses another website's form, also one that hides where it is", () => {
    expect(isShareFromDevice(post('https://evil.example/page'), OWN)).toBe(false);
    expect(isShareFromDevice(post('https://sub.torque.example/'), OWN)).toBe(false);
    expect(isShareFromDevice(post('http://torque.example/'), OWN)).toBe(false);
    expect(isShareFromDevice(post('', 'no-referrer'), OWN)).toBe(false);
    expect(isShareFromDevice(post('', 'same-origin'), OWN)).toBe(false);
    expect(isShareFromDevice(post('not a url'), OWN)).toBe(false);
    // Where a browser shows the service worker Sec-Fetch-Site, it decides.
    expect(isShareFromDevice(post('', '', 'cross-site'), OWN)).toBe(false);
    expect(isShareFromDevice(post('', '', 'same-site'), OWN)).toBe(false);
    expect(isShareFromDevice(post(`${OWN}/`, '', 'cross-site'), OWN)).toBe(false);
  });
});
