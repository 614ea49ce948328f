import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const rgbOf = (colour: string): [number, number, number] => {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
};

/**
 * A PNG (8-bit RGB) drawn pixel by pixel: the demo's logos and banners and the tests' images, PNG
 * being one of the two image types the product accepts. `paint` answers each pixel's colour.
 */
export const pngOf = (
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter choice, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) rows.set(paint(x, y), y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export const pngDataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

const lighter = ([r, g, b]: [number, number, number]): [number, number, number] => [
  Math.round(r + (255 - r) * 0.6),
  Math.round(g + (255 - g) * 0.6),
  Math.round(b + (255 - b) * 0.6),
];

/** A square logo: a lighter disc on the colour. */
export const logoPng = (colour: string, size = 96): Buffer => {
  const base = rgbOf(colour);
  const disc = lighter(base);
  const centre = size / 2;
  return pngOf(size, size, (x, y) => ((x - centre) ** 2 + (y - centre) ** 2 < (size / 3) ** 2 ? disc : base));
};

/** A wide banner: the colour with a lighter band along its foot. */
export const bannerPng = (colour: string, width = 960, height = 160): Buffer => {
  const base = rgbOf(colour);
  const band = lighter(base);
  return pngOf(width, height, (_x, y) => (y > height * 0.75 ? band : base));
};
