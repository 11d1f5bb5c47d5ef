import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/domain/file-size';

describe('file size of a download link', () => {
  it('counts bytes below a kilobyte', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });
  it('keeps one decimal below 10 and none above', () => {
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
    expect(formatFileSize(14 * 1024 * 1024)).toBe('14 MB');
  });
  it('stops at terabytes', () => {
    expect(formatFileSize(3 * 1024 ** 5)).toBe('3072 TB');
  });
});
