import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dataUrlBytes, enablerImagesProblem, MAX_IMAGE_BYTES } from '@cpbo/schemas/enablers.ts';
import { bannerPng, logoPng, pngDataUrl } from './png.ts';

describe('the demo images', () => {
  it('are PNGs of their size whose pixels are the colour asked', () => {
    const png = logoPng('#1b6e3c', 96);
    expect(png.readUInt32BE(16)).toBe(96);
    expect(png.readUInt32BE(20)).toBe(96);
    const dataLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + dataLength));
    expect(rows.length).toBe((96 * 3 + 1) * 96);
    // The top-left pixel is the colour itself; the centre is inside the lighter disc.
    expect([...rows.subarray(1, 4)]).toEqual([0x1b, 0x6e, 0x3c]);
    const centre = 48 * (96 * 3 + 1) + 1 + 48 * 3;
    expect(rows[centre]).toBeGreaterThan(0x1b);
  });

  it('pass the enablers image rules: PNG by their bytes, at most 30 KB', () => {
    const logo = pngDataUrl(logoPng('#8a4b08'));
    const banner = pngDataUrl(bannerPng('#8a4b08'));
    expect(enablerImagesProblem({ logo, banner })).toBeUndefined();
    expect(dataUrlBytes(banner)).toBeLessThan(MAX_IMAGE_BYTES);
  });
});
