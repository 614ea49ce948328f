import { describe, expect, it } from 'vitest';
import { extractInlineFonts, type ExtractedFont } from './extract-fonts.ts';

const regular = Buffer.from('wOF2 regular font bytes');
const boldItalic = Buffer.from('wOF2 bold italic font bytes');

// The shape of Cloudscape's global styles, minified as the build writes it.
const css = [
  'body{margin:0}',
  `@font-face{font-family:"Open Sans";font-weight:400;font-style:normal;src:url(data:font/woff2;base64,${regular.toString('base64')}) format("woff2")}`,
  `@font-face {\n  font-family: 'Open Sans';\n  font-weight: 700;\n  font-style: italic;\n  src: url('data:font/woff2;base64,${boldItalic.toString('base64')}') format('woff2');\n}`,
  '@font-face{font-family:Local;src:url(local.woff2) format("woff2")}',
  '.a{background:url(data:image/png;base64,iVBORw0KGgo=)}',
].join('\n');

const extract = (source: string) => {
  const written: ExtractedFont[] = [];
  const result = extractInlineFonts(source, (font) => {
    written.push(font);
    return `${font.name.replace('.woff2', '')}-hash.woff2`;
  });
  return { result, written };
};

describe('extractInlineFonts', () => {
  it('should write each inline font as a file, named after its face', () => {
    const { written } = extract(css);
    expect(written.map(({ name }) => name)).toEqual([
      'open-sans-400-normal.woff2',
      'open-sans-700-italic.woff2',
    ]);
    expect(written[0]?.source.equals(regular)).toBe(true);
    expect(written[1]?.source.equals(boldItalic)).toBe(true);
  });

  it('should point the faces at the files and let the text show before they arrive', () => {
    const { result } = extract(css);
    expect(result).not.toContain('data:font/');
    expect(result).toContain(
      '@font-face{font-display:swap;font-family:"Open Sans";font-weight:400;font-style:normal;src:url(open-sans-400-normal-hash.woff2) format("woff2")}',
    );
    expect(result).toContain("@font-face{font-display:swap;\n  font-family: 'Open Sans';");
    expect(result).toContain("src: url(open-sans-700-italic-hash.woff2) format('woff2');");
  });

  it('should leave the rest of the stylesheet as it is', () => {
    const { result } = extract(css);
    expect(result.startsWith('body{margin:0}\n')).toBe(true);
    expect(result).toContain('@font-face{font-family:Local;src:url(local.woff2) format("woff2")}');
    expect(result).toContain('.a{background:url(data:image/png;base64,iVBORw0KGgo=)}');
  });

  it('should keep a font-display the face already has', () => {
    const face = `@font-face{font-family:X;font-display:optional;src:url(data:font/woff2;base64,${regular.toString('base64')})}`;
    expect(extract(face).result).toBe(
      '@font-face{font-family:X;font-display:optional;src:url(x-hash.woff2)}',
    );
  });
});
