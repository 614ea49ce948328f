import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalServer } from '../local/http/server.ts';
import { securityHeaders } from './security-headers.ts';
import { ORIGIN_VERIFY_HEADER } from './origin-verify.ts';
import { Website } from './website.ts';
import { synthFolder } from './testing/stacks-under-test.ts';

type Config = Record<string, Record<string, unknown>>;

/**
 * The header lines CloudFront writes for a SecurityHeadersConfig of the template (AWS documents each
 * field's header). A field this does not know fails the test: a header added to CloudFront's policy
 * must be added to the shared definition, which the local server sends.
 */
const cloudFrontHeaderLines = (config: Config): Record<string, string> => {
  const lines: Record<string, string> = {};
  for (const [field, value] of Object.entries(config)) {
    expect(value.Override, `${field} overrides the origin's header`).toBe(true);
    switch (field) {
      case 'StrictTransportSecurity':
        lines['strict-transport-security'] = [
          `max-age=${String(value.AccessControlMaxAgeSec)}`,
          ...(value.IncludeSubdomains ? ['includeSubDomains'] : []),
          ...(value.Preload ? ['preload'] : []),
        ].join('; ');
        break;
      case 'ContentTypeOptions':
        lines['x-content-type-options'] = 'nosniff';
        break;
      case 'FrameOptions':
        lines['x-frame-options'] = String(value.FrameOption);
        break;
      case 'ReferrerPolicy':
        lines['referrer-policy'] = String(value.ReferrerPolicy);
        break;
      case 'ContentSecurityPolicy':
        lines['content-security-policy'] = String(value.ContentSecurityPolicy);
        break;
      default:
        throw new Error(`No header mapping for CloudFront's ${field}`);
    }
  }
  return lines;
};

/** The files bucket's origin of the tests, which the policy lets the SPA PUT uploads to. */
const filesOrigin = 'https://files.example';

/** The website alone in a stack of its own: its response headers policy and the behaviours using it. */
const synthesizeWebsite = () => {
  const stack = new Stack(new App({ outdir: synthFolder() }), 'HeadersTest');
  new Website(stack, 'Website', {
    httpApi: new apigwv2.HttpApi(stack, 'Api'),
    spaContent: s3deploy.Source.data('index.html', '<h1>app</h1>'),
    environmentName: 'test',
    appUrlParameterName: '/crop-protection/test/app-url',
    originVerifyHeader: { name: ORIGIN_VERIFY_HEADER, value: 'test-origin-secret' },
    filesOrigin,
  });
  return Template.fromStack(stack);
};

describe('the security headers', () => {
  const template = synthesizeWebsite();
  const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
  const [policyId, policy] = Object.entries(policies)[0] ?? [];
  const cloudFront = cloudFrontHeaderLines(
    (policy?.Properties as { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: Config } })
      .ResponseHeadersPolicyConfig.SecurityHeadersConfig,
  );

  let webDist: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'security-headers-'));
    await writeFile(join(webDist, 'index.html'), '<h1>app</h1>');
    server = createLocalServer({
      webDist,
      environmentName: 'test',
      log: () => undefined,
      warn: () => undefined,
      filesOrigin: () => filesOrigin,
      invoke: async (_target, event) => {
        if (event.rawPath === '/api/boom') throw new Error('the function crashed');
        // A function that sets a weaker header of its own: CloudFront's policy overrides it.
        return {
          statusCode: 200,
          headers: { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' },
          body: '{}',
        };
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(webDist, { recursive: true, force: true });
  });

  it('are one policy on every behaviour of the distribution, the SPA and the API', () => {
    expect(Object.keys(policies)).toHaveLength(1);
    const { DistributionConfig: config } = Object.values(
      template.findResources('AWS::CloudFront::Distribution'),
    )[0]?.Properties as {
      DistributionConfig: { DefaultCacheBehavior: unknown; CacheBehaviors: unknown[] };
    };
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors])
      expect(behaviour).toMatchObject({ ResponseHeadersPolicyId: { Ref: policyId } });
  });

  it("are CloudFront's as the shared definition writes them, CSP, HSTS, nosniff, frame and referrer policy", () => {
    expect(Object.keys(cloudFront).sort()).toEqual([
      'content-security-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(cloudFront).toEqual(securityHeaders(filesOrigin));
    expect(cloudFront['content-security-policy']).toContain(`connect-src 'self' ${filesOrigin};`);
  });

  it.each([
    ['the shell', '/'],
    ['a screen', '/members'],
    ['a missing file', '/assets/missing.js'],
    ['the configuration', '/config.json'],
    ['an API answer', '/api/members'],
    ['a failed function', '/api/boom'],
  ])('are sent by the local server as CloudFront sends them, on %s', async (_what, path) => {
    const response = await fetch(`${base}${path}`);
    const sent = Object.fromEntries(
      Object.keys(cloudFront).map((name) => [name, response.headers.get(name)]),
    );
    expect(sent).toEqual(cloudFront);
  });
});
