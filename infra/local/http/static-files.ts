import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { isSpaFile } from '../../../web/src/app/spa-fallback.ts';
import { contentCodings, type ContentCoding } from './compression.ts';

export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export type StaticFile =
  | { found: true; file: string; size: number; contentType: string; cacheControl: string }
  | { found: false; status: 400 | 404 };

/** The file name suffix of each pre-compressed copy the build writes beside a file. */
export const precompressedSuffixes: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };
const isPrecompressedCopy = (file: string): boolean =>
  Object.values(precompressedSuffixes).includes(extname(file).toLowerCase());

const isFile = async (file: string): Promise<number | undefined> => {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : undefined;
  } catch {
    return undefined;
  }
};

const found = (file: string, size: number): StaticFile => ({
  found: true,
  file,
  size,
  contentType: contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
  // Vite puts content-hashed names under assets/; index.html must be fetched again to see new ones.
  cacheControl: file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
});

/**
 * The file of the built SPA for a URL path: index.html for the SPA's screens (the rule CloudFront's
 * function applies too), else the file itself; nothing outside the root (or hidden) is ever served.
 */
export const resolveStaticFile = async (root: string, urlPath: string): Promise<StaticFile> => {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return { found: false, status: 400 };
  }
  if (path.includes('\0')) return { found: false, status: 400 };
  const base = resolve(root);
  if (!isSpaFile(urlPath)) {
    const index = resolve(base, 'index.html');
    const indexSize = await isFile(index);
    return indexSize === undefined ? { found: false, status: 404 } : found(index, indexSize);
  }
  const target = resolve(base, `.${path.startsWith('/') ? path : `/${path}`}`);
  const inside = target.startsWith(`${base}${sep}`);
  if (
    !inside ||
    target
      .slice(base.length)
      .split(sep)
      .some((segment) => segment.startsWith('.'))
  ) {
    return { found: false, status: 404 };
  }
  // The copies are a way of sending their file, not files of the site (CloudFront has none).
  const size = isPrecompressedCopy(target) ? undefined : await isFile(target);
  return size === undefined ? { found: false, status: 404 } : found(target, size);
};

export interface PrecompressedCopy {
  file: string;
  size: number;
}

/** The pre-compressed copies of a built file that sit beside it, by content coding. */
export const precompressedCopies = async (
  file: string,
): Promise<Partial<Record<ContentCoding, PrecompressedCopy>>> => {
  const copies: Partial<Record<ContentCoding, PrecompressedCopy>> = {};
  for (const coding of contentCodings) {
    const copy = `${file}${precompressedSuffixes[coding]}`;
    const size = await isFile(copy);
    if (size !== undefined) copies[coding] = { file: copy, size };
  }
  return copies;
};
