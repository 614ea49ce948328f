import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isMet, readResults, recordBench, resultsTable } from './results.ts';

const ms = (value: number) => ({ name: 'bare Query', value, unit: 'ms' });

describe('isMet', () => {
  it('should compare a value with an absolute bound, the bound itself included or not', () => {
    expect(isMet({ name: 'cold', value: 1000, unit: 'ms', target: { op: '≤', value: 1000 } })).toBe(true);
    expect(isMet({ name: 'cold', value: 1001, unit: 'ms', target: { op: '≤', value: 1000 } })).toBe(false);
    expect(isMet({ name: 'bundle', value: 150, unit: 'KB', target: { op: '<', value: 150 } })).toBe(false);
    expect(isMet({ name: 'score', value: 89, unit: 'score', target: { op: '≥', value: 90 } })).toBe(false);
    expect(isMet({ name: 'score', value: 90, unit: 'score', target: { op: '≥', value: 90 } })).toBe(true);
  });

  it('should compare a value with a multiple of its reference', () => {
    const target = { op: '≤', value: 3, timesReference: true } as const;
    expect(isMet({ name: 'warm', value: 2.9, unit: 'ms', reference: ms(1), target })).toBe(true);
    expect(isMet({ name: 'warm', value: 3.1, unit: 'ms', reference: ms(1), target })).toBe(false);
    const rate = { op: '≥', value: 0.7, timesReference: true } as const;
    expect(isMet({ name: 'import', value: 690, unit: 'items/s', reference: ms(1000), target: rate })).toBe(
      false,
    );
  });

  it('should say null for a figure without target, and refuse a relative target without reference', () => {
    expect(isMet({ name: 'memory', value: 400, unit: 'MB' })).toBeNull();
    expect(() =>
      isMet({ name: 'warm', value: 1, unit: 'ms', target: { op: '≤', value: 3, timesReference: true } }),
    ).toThrow(/reference/);
  });
});

describe('recordBench', () => {
  let folder: string;
  let file: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'cpbo-bench-results-'));
    file = join(folder, 'bench', 'results.json');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(folder, { recursive: true, force: true });
  });

  it('should keep one entry per bench, the latest, in the benches order, each figure with met', async () => {
    recordBench(
      'lambda',
      { runs: 3 },
      [{ name: 'auth: bundle gzipped', value: 151, unit: 'KB', target: { op: '<', value: 150 } }],
      file,
    );
    recordBench('members', { members: 10 }, [{ name: 'memory', value: 80, unit: 'MB' }], file);
    recordBench('lambda', { runs: 5 }, [{ name: 'auth: bundle', value: 149, unit: 'KB' }], file);
    recordBench(
      'lambda',
      { runs: 5 },
      [{ name: 'auth: bundle gzipped', value: 149, unit: 'KB', target: { op: '<', value: 150 } }],
      file,
    );
    const entries = readResults(file);
    expect(entries.map(({ bench }) => bench)).toEqual(['members', 'lambda']);
    expect(entries[1]?.settings).toEqual({ runs: 5 });
    expect(entries[1]?.figures).toEqual([
      { name: 'auth: bundle gzipped', value: 149, unit: 'KB', target: { op: '<', value: 150 }, met: true },
    ]);
    expect(entries[1]?.loadAverage).toHaveLength(3);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ benches: entries });
  });

  it('should read no entry from a missing file', () => {
    expect(readResults(join(folder, 'none.json'))).toEqual([]);
  });
});

describe('resultsTable', () => {
  it('should print each figure with its reference, ratio, target and verdict', () => {
    const table = resultsTable([
      {
        bench: 'members',
        recordedAt: '2026-11-23T23:00:00.000Z',
        loadAverage: [1, 1, 1],
        settings: {},
        figures: [
          {
            name: 'warm p50',
            value: 4.5,
            unit: 'ms',
            reference: ms(1.5),
            target: { op: '≤', value: 3, timesReference: true },
            met: true,
          },
          { name: 'memory', value: 420, unit: 'MB', met: null },
          { name: 'cold', value: 1200, unit: 'ms', target: { op: '≤', value: 1000 }, met: false },
        ],
      },
    ]);
    expect(table.split('\n')).toEqual([
      '| bench | figure | value | reference, same run | value / ref | target | met |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      '| members | warm p50 | 4.50 ms | 1.50 ms (bare Query) | 3.00 × | ≤ 3 × ref | met |',
      '| members | memory | 420 MB |  |  | (stated) |  |',
      '| members | cold | 1200 ms |  |  | ≤ 1000 ms | NOT met |',
    ]);
  });
});
