import { posix } from 'node:path';
import type { Plugin } from 'vite';

/** A font to write as a file of its own: a name for it and its bytes. */
export interface ExtractedFont {
  name: string;
  source: Buffer;
}

const fontFaces = /@font-face\s*\{[^}]*\}/g;
const inlineFont = /url\((['"]?)data:font\/(woff2?|ttf|otf);base64,([A-Za-z0-9+/=]+)\1\)/g;

/** 'Open Sans' 700 italic → open-sans-700-italic.woff2, for a readable file name. */
const fontName = (face: string, format: string): string => {
  const descriptor = (name: string) =>
    new RegExp(`${name}\\s*:\\s*([^;}]+)`).exec(face)?.[1]?.trim().replace(/['"]/g, '') ?? '';
  const slug = [descriptor('font-family'), descriptor('font-weight'), descriptor('font-style')]
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'font'}.${format}`;
};

/**
 * The stylesheet with its inline (data: URL) fonts turned into references to font files, and
 * `font-display: swap` on those faces. Inline fonts make the stylesheet, which blocks the first
 * paint, carry every weight and style; as files, the browser fetches only the faces a page uses,
 * after the first paint. `write` stores a font and answers the URL that reaches it.
 */
export const extractInlineFonts = (css: string, write: (font: ExtractedFont) => string): string =>
  css.replace(fontFaces, (face) => {
    let extracted = false;
    const rewritten = face.replace(inlineFont, (_match, _quote: string, format: string, base64: string) => {
      extracted = true;
      return `url(${write({ name: fontName(face, format), source: Buffer.from(base64, 'base64') })})`;
    });
    if (!extracted || /font-display\s*:/.test(rewritten)) return rewritten;
    return rewritten.replace(/^@font-face\s*\{/, '@font-face{font-display:swap;');
  });

/** Writes the inline fonts of the build's stylesheets (Cloudscape's global styles) as files. */
export const extractFonts = (): Plugin => ({
  name: 'cpbo:extract-fonts',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const asset of Object.values(bundle)) {
      if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
      const css =
        typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
      if (!css.includes('data:font/')) continue;
      asset.source = extractInlineFonts(css, ({ name, source }) => {
        const fileName = this.getFileName(this.emitFile({ type: 'asset', name, source }));
        return posix.relative(posix.dirname(asset.fileName), fileName);
      });
    }
  },
});
