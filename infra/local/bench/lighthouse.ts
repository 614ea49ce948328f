import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { BrowserCookie } from '../browser-sign-in.ts';

/** Debian's Chromium unless CHROME_PATH names another. */
export const chromePath = (): string => process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Only these flags: Chromium's own background traffic and updates would land in the measures.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

export interface FetchedFile {
  url: string;
  resourceType: string;
  transferSize: number;
}

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  /** Milliseconds, as Lighthouse simulates them for a mid-range phone on a slow 4G link. */
  firstContentfulPaint: number;
  largestContentfulPaint: number;
  totalBlockingTime: number;
  speedIndex: number;
  cumulativeLayoutShift: number;
  /** Accessibility audits that did not pass, with the elements they name. */
  accessibilityFailures: string[];
  /** What the page fetched (transfer sizes, compressed as sent). */
  fetched: FetchedFile[];
  warnings: string[];
  /** The whole report, for a closer look. */
  report: object;
}

interface AuditDetails {
  items?: {
    node?: { selector?: string; snippet?: string };
    url?: string;
    resourceType?: string;
    transferSize?: number;
  }[];
}

/**
 * One Lighthouse run (mobile, the default config) in a fresh Chromium. With cookies, they are set
 * before the run and Lighthouse keeps the browser's storage (its reset would delete them); the
 * profile is new, so the cache is empty either way.
 */
export const runLighthouse = async (
  url: string,
  cookies: BrowserCookie[] = [],
): Promise<LighthouseFigures> => {
  const browser = await puppeteer.launch({
    executablePath: chromePath(),
    ignoreDefaultArgs: true,
    args: chromeFlags,
  });
  try {
    const page = await browser.newPage();
    const { hostname } = new URL(url);
    if (cookies.length) {
      await browser.setCookie(
        ...cookies.map(({ name, value, path, httpOnly, secure, expires }) => ({
          name,
          value,
          domain: hostname,
          path,
          httpOnly,
          secure,
          expires,
          sameSite: 'Strict' as const,
        })),
      );
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: cookies.length > 0,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter(({ weight }) => weight > 0)
      .map(({ id }) => lhr.audits[id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => {
        const nodes = ((audit?.details as AuditDetails | undefined)?.items ?? [])
          .map(({ node }) => node?.selector ?? node?.snippet)
          .filter(Boolean);
        return `${audit?.id}: ${audit?.title}${nodes.length ? ` (${nodes.slice(0, 5).join(' | ')})` : ''}`;
      });
    const fetched = ((lhr.audits['network-requests']?.details as AuditDetails | undefined)?.items ?? []).map(
      (item) => ({
        url: item.url ?? '',
        resourceType: item.resourceType ?? '',
        transferSize: item.transferSize ?? 0,
      }),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      firstContentfulPaint: numeric('first-contentful-paint'),
      largestContentfulPaint: numeric('largest-contentful-paint'),
      totalBlockingTime: numeric('total-blocking-time'),
      speedIndex: numeric('speed-index'),
      cumulativeLayoutShift: numeric('cumulative-layout-shift'),
      accessibilityFailures,
      fetched,
      warnings: lhr.runWarnings.map(String),
      report: lhr,
    };
  } finally {
    await browser.close();
  }
};
