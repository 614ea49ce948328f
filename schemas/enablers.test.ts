import { describe, expect, it } from 'vitest';
import { exportedEnablerSchema } from './data-files.ts';
import {
  dataUrlBytes,
  enablerImagesProblem,
  enablerRequestSchema,
  isPngOrJpegDataUrl,
  MAX_IMAGE_BYTES,
} from './enablers.ts';

/** A data URL whose payload decodes to exactly `bytes` bytes. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_START = [0xff, 0xd8, 0xff, 0xe0];

/** A data URL of `bytes` bytes that begin as a PNG's (or, shorter, as many of its bytes as fit). */
const imageOf = (bytes: number, start = PNG_SIGNATURE, type = 'png') => {
  const content = Buffer.alloc(bytes, 7);
  Buffer.from(start.slice(0, bytes)).copy(content);
  return `data:image/${type};base64,${content.toString('base64')}`;
};

describe('enabler images', () => {
  it('measure the decoded size of a data URL', () => {
    for (const bytes of [0, 1, 2, 3, 100, MAX_IMAGE_BYTES]) expect(dataUrlBytes(imageOf(bytes))).toBe(bytes);
  });

  it('need a logo and a banner of at most 30 KB each', () => {
    const fine = imageOf(MAX_IMAGE_BYTES);
    expect(enablerImagesProblem({ logo: fine, banner: fine })).toBeUndefined();
    expect(enablerImagesProblem({ banner: fine })).toBe('ERR_NO_ENABLER_LOGO');
    expect(enablerImagesProblem({ logo: fine, banner: '' })).toBe('ERR_NO_ENABLER_BANNER');
    expect(enablerImagesProblem({ logo: imageOf(MAX_IMAGE_BYTES + 1), banner: fine })).toBe(
      'ERR_FILE_TOO_LONG',
    );
    expect(enablerImagesProblem({ logo: fine, banner: imageOf(MAX_IMAGE_BYTES + 1) })).toBe(
      'ERR_FILE_TOO_LONG',
    );
  });

  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
  const svgAs = (type: string) => `data:image/${type};base64,${Buffer.from(svg).toString('base64')}`;

  it.each([
    ['a PNG', imageOf(100), true],
    ['a JPEG', imageOf(100, JPEG_START, 'jpeg'), true],
    ['an SVG', svgAs('svg+xml'), false],
    ['an SVG said to be a PNG', svgAs('png'), false],
    ['an SVG said to be a JPEG', svgAs('jpeg'), false],
    ['a JPEG said to be a PNG', imageOf(100, JPEG_START, 'png'), false],
    ['a PNG said to be a JPEG', imageOf(100, PNG_SIGNATURE, 'jpeg'), false],
    ['a GIF', `data:image/gif;base64,${Buffer.from('GIF89a-and-more-bytes').toString('base64')}`, false],
    ['a WebP', imageOf(100, [0x52, 0x49, 0x46, 0x46], 'webp'), false],
    ['a PNG cut short in its signature', imageOf(7), false],
    ['not base64', 'data:image/png;base64,%%%%%%%%%%%%%%%%', false],
    ['a link', 'https://example.org/logo.png', false],
  ])('take %s as PNG or JPEG: %s', (_what, dataUrl, accepted) => {
    expect(isPngOrJpegDataUrl(dataUrl)).toBe(accepted);
    expect(enablerImagesProblem({ logo: dataUrl, banner: imageOf(100) })).toBe(
      accepted ? undefined : 'ERR_IMAGE_NOT_PNG_OR_JPEG',
    );
    expect(enablerImagesProblem({ logo: imageOf(100), banner: dataUrl })).toBe(
      accepted ? undefined : 'ERR_IMAGE_NOT_PNG_OR_JPEG',
    );
  });

  it('are PNG or JPEG data URLs by the request schema, with the same pattern in the data files', () => {
    const pattern = new RegExp(enablerRequestSchema.properties.logo.pattern);
    expect(pattern.test(imageOf(100))).toBe(true);
    expect(pattern.test(imageOf(100, JPEG_START, 'jpeg'))).toBe(true);
    for (const type of ['svg+xml', 'gif', 'webp']) expect(pattern.test(svgAs(type))).toBe(false);
    const filePattern = new RegExp(exportedEnablerSchema.properties.logo.pattern);
    expect(filePattern.test(imageOf(100))).toBe(true);
    expect(filePattern.test(svgAs('svg+xml'))).toBe(false);
  });
});
