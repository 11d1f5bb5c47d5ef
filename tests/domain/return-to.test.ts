import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../../src/domain/return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this origin, with its query', () => {
    expect(safeReturnTo('/support')).toBe('/support');
    expect(safeReturnTo('/knowledge?s=pump&c=All')).toBe('/knowledge?s=pump&c=All');
  });
  it('defaults to /home', () => {
    expect(safeReturnTo(null)).toBe('/home');
    expect(safeReturnTo('')).toBe('/home');
    expect(safeReturnTo('/login?returnTo=/x')).toBe('/home');
    expect(safeReturnTo('/logout')).toBe('/home');
  });
  it('refuses other origins', () => {
    expect(safeReturnTo('https://evil.example/')).toBe('/home');
    expect(safeReturnTo('//evil.example/')).toBe('/home');
    expect(safeReturnTo('/\\evil.example')).toBe('/home');
    expect(safeReturnTo(decodeURIComponent('%2F%09%2Fevil.example'))).toBe('/home');
    expect(safeReturnTo('/support\n')).toBe('/home');
    expect(safeReturnTo('/\u0000/evil.example')).toBe('/home');
    expect(safeReturnTo('/x\u007f')).toBe('/home');
  });
});
