import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JSONSchema } from '@cpbo/schemas';
import { routeKey, routes, routeSchemas } from '#http/routes.ts';
import {
  declaredSchemas,
  fileSchemas,
  generatedFileModuleUrl,
  generatedModuleUrl,
  validationOptions,
  validatorsModuleSource,
} from './precompile-validators.ts';
import { validatorName } from './validator-name.ts';
import { assertMatches, loadValidators, validatorOf } from './validator.ts';

/** ajv compiling at run time, as the functions did before the validators were generated. */
const runtimeAjv = new Ajv(validationOptions);
addFormats.default(runtimeAjv);

/** Values that break most schemas in several places at once, so the error lists are long. */
const probes: unknown[] = [
  undefined,
  null,
  'text',
  42,
  [],
  {},
  { unknown: 1 },
  { name: '', email: 'not an e-mail', amount: -1, page: '0', to: [], language: 'de' },
  { username: 'x'.repeat(300), password: '', newPassword: 7, currentPassword: null },
  { amount: 0, protectionType: 'FLOOD', plotId: '' },
  { sortBy: 'nothing', page: '1', pageSize: '10000', search: 'x' },
  { to: ['a@example.org', 'not an address'], subject: 's', text: 't' },
];

/** Imports generated source from a temporary file (the generated module imports nothing). */
const importGenerated = async (source: string): Promise<Record<string, (value: unknown) => boolean>> => {
  const directory = mkdtempSync(join(tmpdir(), 'validators-'));
  try {
    const file = join(directory, 'validators.mjs');
    writeFileSync(file, source);
    return (await import(pathToFileURL(file).href)) as Record<string, (value: unknown) => boolean>;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
};

describe('the precompiled validators', () => {
  beforeAll(loadValidators);

  it('are up to date with the schemas (run `npm run generate:validators` when this fails)', () => {
    expect(readFileSync(generatedModuleUrl, 'utf8')).toBe(validatorsModuleSource());
    expect(readFileSync(generatedFileModuleUrl, 'utf8')).toBe(validatorsModuleSource(fileSchemas()));
  });

  it('cover every schema of every route, whatever part of the request it describes, and every queue', () => {
    const declared = declaredSchemas();
    for (const route of routes) {
      for (const [part, schema] of routeSchemas(route)) {
        expect(declared, `${routeKey(route)} ${part}`).toContain(schema);
        expect(() => validatorOf(schema)).not.toThrow();
      }
    }
    const parts = new Set(routes.flatMap((route) => routeSchemas(route).map(([part]) => part)));
    expect([...parts]).toEqual(expect.arrayContaining(['body', 'query']));
  });

  it('report the same errors, in the same order, as ajv compiling the schema at run time', () => {
    for (const schema of declaredSchemas()) {
      const compiled = runtimeAjv.compile(schema as object);
      runtimeAjv.removeSchema(schema as object);
      const precompiled = validatorOf(schema);
      for (const value of probes) {
        const expected = compiled(value);
        expect(precompiled(value), `${validatorName(schema)} on ${JSON.stringify(value)}`).toBe(expected);
        expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
      }
    }
  });

  it('list every problem of a value as ERR_INVALID_DATA_FORMAT details', () => {
    const login = routes.find((route) => routeKey(route) === 'POST /auth/login')?.body as JSONSchema;
    expect(() => assertMatches(login, { username: '', extra: true }, 'body')).toThrow(
      expect.objectContaining({
        code: 'ERR_INVALID_DATA_FORMAT',
        details: [
          { where: 'body', problem: "must have required property 'password'" },
          { where: 'body', problem: "unknown property 'extra'" },
          { where: 'body/username', problem: 'must NOT have fewer than 1 characters' },
        ],
      }),
    );
  });

  it('refuse a schema that was not generated, naming the script to run', () => {
    const undeclared = { type: 'object', additionalProperties: false, properties: {} } as const;
    expect(() => validatorOf(undeclared)).toThrow(/npm run generate:validators/);
  });

  it('refuse to generate from an object schema that does not say what to do with unknown properties', () => {
    const open = { type: 'object', properties: { a: { type: 'string' } } } as const;
    expect(() => validatorsModuleSource([open])).toThrow(/must set additionalProperties/);
  });

  it('run on their own, with formats that ajv-formats defines by a function', async () => {
    const day = { type: 'string', format: 'date' } as const;
    const email = { type: 'string', format: 'email' } as const;
    const short = { type: 'string', maxLength: 2 } as const;
    const generated = await importGenerated(validatorsModuleSource([day, email, short]));
    const checkDay = generated[validatorName(day)];
    const checkEmail = generated[validatorName(email)];
    const checkShort = generated[validatorName(short)];
    expect([checkDay?.('2026-02-28'), checkDay?.('2026-02-30'), checkDay?.('28/02/2026')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([checkEmail?.('a@example.org'), checkEmail?.('a@'), checkEmail?.('é@example.org')]).toEqual([
      true,
      false,
      false,
    ]);
    // maxLength counts characters, not UTF-16 units (ajv's ucs2length helper, imported by the module).
    expect([checkShort?.('😀😀'), checkShort?.('😀😀😀')]).toEqual([true, false]);
  });
});
