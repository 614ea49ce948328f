import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import spectralCore, { type ISpectralDiagnostic } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptedOnAnswers, contractRuleset, sideOf } from './contract-ruleset.ts';
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

  const errors = (side: 'answer' | 'request') =>
    findings.filter((finding) => finding.severity === ERROR && sideOf(finding.path) === side);

  it('has no error on the request side: parameters, bodies, security', () => {
    expect(errors('request').map(where)).toEqual([]);
  });

  it('has no error on the answers but those its ruleset accepts, each with a reason', () => {
    expect(
      errors('answer')
        .filter((finding) => !(String(finding.code) in acceptedOnAnswers))
        .map(where),
    ).toEqual([]);
  });

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
