import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWERED_CODES_DIR_VARIABLE,
  answeredCodes,
  codesMissingFrom,
  isTestRunDirectory,
  markRun,
  newRunDirectory,
  ofRoutes,
  recordAnsweredCode,
  runMarker,
} from './answered-codes.ts';

const root = mkdtempSync(join(tmpdir(), 'answered-codes-'));
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the answered codes of a run', () => {
  it('should keep each route’s codes once, sorted, without the platform’s own', () => {
    const run = join(root, '2026-01-01-a');
    vi.stubEnv(ANSWERED_CODES_DIR_VARIABLE, run);
    recordAnsweredCode('POST /members', 'ERR_UNAUTHENTICATED');
    recordAnsweredCode('POST /members', 'ERR_DUPLICATE_MEMBER');
    recordAnsweredCode('POST /members', 'ERR_DUPLICATE_MEMBER');
    recordAnsweredCode('GET /members', 'ERR_INTERNAL');
    expect(answeredCodes(run)).toEqual({ 'POST /members': ['ERR_DUPLICATE_MEMBER', 'ERR_UNAUTHENTICATED'] });
  });

  it('should record nothing without a run folder (npm start, a test run outside the root config)', () => {
    vi.stubEnv(ANSWERED_CODES_DIR_VARIABLE, undefined);
    recordAnsweredCode('POST /members', 'ERR_NO_PLOTS');
    expect(answeredCodes(join(root, '2026-01-01-a'))['POST /members']).not.toContain('ERR_NO_PLOTS');
  });

  it('should tell the codes one list has and the other lacks', () => {
    const documented = { 'POST /members': ['ERR_DUPLICATE_MEMBER'], 'GET /members': ['ERR_UNAUTHENTICATED'] };
    const answered = { 'POST /members': ['ERR_DUPLICATE_MEMBER', 'ERR_UNAUTHENTICATED'] };
    expect(codesMissingFrom(documented, answered)).toEqual(['POST /members: ERR_UNAUTHENTICATED']);
    expect(codesMissingFrom(answered, documented)).toEqual(['GET /members: ERR_UNAUTHENTICATED']);
  });

  it('should keep a table route’s codes only', () => {
    const answered = { 'POST /members': ['ERR_NO_PLOTS'], 'GET /echo': ['ERR_NOT_FOUND'] };
    expect(ofRoutes(answered, ['POST /members', 'GET /members'])).toEqual({
      'POST /members': ['ERR_NO_PLOTS'],
    });
  });

  it('should say whether a run is whole, and remove only the folders the root config made', () => {
    const run = join(root, '2026-01-01-b');
    markRun(run, { whole: false });
    expect(runMarker(run)).toEqual({ whole: false });
    markRun(run, { whole: true });
    expect(runMarker(run)).toEqual({ whole: true });
    expect(runMarker(join(root, 'never-ran'))).toBeUndefined();
    expect(isTestRunDirectory(newRunDirectory())).toBe(true);
    expect(isTestRunDirectory(run)).toBe(false);
  });
});
