import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import spectralCore, { type ISpectralDiagnostic } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { beforeAll, describe, expect, it } from 'vitest';
import { accepted, contractRuleset, sideOf } from './contract-ruleset.ts';
import { openApiPath } from './openapi-text.ts';

const { Document, Ruleset, Spectral } = spectralCore;
const ERROR = 0;
const rulesetPath = fileURLToPath(new URL('./contract-ruleset.ts', import.meta.url));

const where = (finding: ISpectralDiagnostic): string => `${finding.code} at ${finding.path.join('.')}`;

describe('the committed OpenAPI document against Spectral’s OpenAPI and OWASP’s API security rules', () => {
  const text = readFileSync(openApiPath, 'utf8');
  let findings: ISpectralDiagnostic[] = [];

  beforeAll(async () => {
    const spectral = new Spectral();
    // The ruleset's source lets its overrides name the document's operations by path.
    spectral.setRuleset(new Ruleset(contractRuleset, { source: rulesetPath }));
    findings = await spectral.run(new Document(text, spectralParsers.Json, openApiPath));
  }, 60_000);

  const onSide = (side: 'answer' | 'request') => findings.filter((finding) => sideOf(finding.path) === side);

  it('has no error on the request side: parameters, bodies, security', () => {
    expect(
      onSide('request')
        .filter((finding) => finding.severity === ERROR)
        .map(where),
    ).toEqual([]);
  });

  it.each(['request', 'answer'] as const)(
    'finds on the %s side only what its ruleset accepts, each with a reason, and each accepted rule still finds',
    (side) => {
      const rules = accepted[side];
      expect(
        onSide(side)
          .filter((finding) => !(String(finding.code) in rules))
          .map(where),
      ).toEqual([]);
      const finding = new Set(onSide(side).map((found) => String(found.code)));
      expect(Object.keys(rules).filter((rule) => !finding.has(rule))).toEqual([]);
    },
  );

  it('gives the administrators’ token scheme to exactly the admin-only operations', () => {
    const document = JSON.parse(text) as {
      paths: Record<string, Record<string, { 'x-access': string; security: Record<string, unknown>[] }>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
        expect(schemes.includes('adminAccessToken'), `${method} ${path}`).toBe(
          operation['x-access'] === 'admin',
        );
      }
    }
  });
});
