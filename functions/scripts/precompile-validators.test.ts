import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JSONSchema } from '@cpbo/schemas';
import { handlerEntry } from '#http/handlers.ts';
import { resources, routeKey, routes, routeSchemas } from '#http/routes.ts';
import {
  declaredSchemas,
  generatedFolderUrl,
  generatedSources,
  generatedSuffix,
  validationOptions,
  validatorsModules,
  validatorsModuleSource,
} from './precompile-validators.ts';
import { validatorName } from '#platform/validator-name.ts';
import {
  assertMessageMatches,
  issuesOf,
  MessageRefusedError,
  validatorOf,
  type Validators,
} from '#platform/validator.ts';
import { queueDefinitions } from '#domain/queues.ts';

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
  /** Each generated module, by file name, as the functions import it. */
  const generated = new Map<string, Validators>();
  beforeAll(async () => {
    for (const { file } of validatorsModules())
      generated.set(file, (await import(new URL(file, generatedFolderUrl).href)) as Validators);
  });
  const ofResource = (resource: string): Validators => generated.get(`${resource}${generatedSuffix}`) ?? {};

  it('are up to date with the schemas, one module per resource and queue (run `npm run generate:validators` when this fails)', () => {
    const sources = generatedSources();
    const files = readdirSync(generatedFolderUrl).filter((file) => file.endsWith(generatedSuffix));
    expect(files.sort()).toEqual([...sources.keys()].sort());
    for (const [file, source] of sources)
      expect(readFileSync(new URL(file, generatedFolderUrl), 'utf8'), file).toBe(source);
  });

  it('give each resource the schemas of its own routes and nothing else, and each queue its message schema', () => {
    const declared = declaredSchemas();
    for (const route of routes) {
      for (const [part, schema] of routeSchemas(route)) {
        expect(declared, `${routeKey(route)} ${part}`).toContain(schema);
        expect(() => validatorOf(ofResource(route.resource), schema), routeKey(route)).not.toThrow();
      }
    }
    for (const { file, schemas } of validatorsModules()) {
      const names = [...new Set(schemas.map(validatorName))].sort();
      expect(Object.keys(generated.get(file) ?? {}).sort(), file).toEqual(names);
    }
    expect(generated.get(`queue-mail${generatedSuffix}`)).toBeDefined();
    const parts = new Set(routes.flatMap((route) => routeSchemas(route).map(([part]) => part)));
    expect([...parts]).toEqual(expect.arrayContaining(['body', 'query']));
  });

  it('are loaded by each resource’s handler from its own module only', () => {
    const functionsRoot = new URL('../', import.meta.url);
    for (const resource of resources) {
      const source = readFileSync(new URL(handlerEntry(resource), functionsRoot), 'utf8');
      const loaded = [...source.matchAll(/validators\/([\w-]+)\.generated\.ts/g)].map((match) => match[1]);
      const declares = routes.some((route) => route.resource === resource && routeSchemas(route).length);
      expect(loaded, resource).toEqual(declares ? [resource] : []);
    }
  });

  it('report the same errors, in the same order, as ajv compiling the schema at run time', () => {
    for (const { file, schemas } of validatorsModules()) {
      for (const schema of schemas) {
        const compiled = runtimeAjv.compile(schema as object);
        runtimeAjv.removeSchema(schema as object);
        const precompiled = validatorOf(generated.get(file) ?? {}, schema);
        for (const value of probes) {
          const expected = compiled(value);
          expect(precompiled(value), `${file} ${validatorName(schema)} on ${JSON.stringify(value)}`).toBe(
            expected,
          );
          expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
        }
      }
    }
  });

  it('list every problem of a value, where it is, and nothing for a value that matches', () => {
    const login = routes.find((route) => routeKey(route) === 'POST /auth/login')?.body as JSONSchema;
    expect(issuesOf(ofResource('auth'), login, { username: '', extra: true }, 'body')).toEqual([
      { where: 'body', problem: "must have required property 'password'" },
      { where: 'body', problem: "unknown property 'extra'" },
      { where: 'body/username', problem: 'must NOT have fewer than 1 characters' },
    ]);
    expect(issuesOf(ofResource('auth'), login, { username: 'a', password: 'b' }, 'body')).toBeUndefined();
  });

  it("refuse a queue message its queue's schema refuses with a plain error naming the problems", () => {
    const { messageSchema } = queueDefinitions.snapshots;
    const snapshots = ofResource('queue-snapshots');
    const enablerId = '4f1c2b9e-8d3a-4c55-9e21-7b6f0a1d2c3e';
    expect(() => assertMessageMatches(snapshots, messageSchema, { enablerId })).toThrow(
      expect.objectContaining({
        name: 'MessageRefusedError',
        issues: [{ where: 'message', problem: "must have required property 'list'" }],
      }),
    );
    expect(() => assertMessageMatches(snapshots, messageSchema, { list: 'members' })).toThrow(
      MessageRefusedError,
    );
    expect(() =>
      assertMessageMatches(snapshots, messageSchema, { enablerId, list: 'members' }),
    ).not.toThrow();
  });

  it('refuse a schema that was not generated, or not for this resource, naming the script to run', () => {
    const undeclared = { type: 'object', additionalProperties: false, properties: {} } as const;
    expect(() => validatorOf(ofResource('auth'), undeclared)).toThrow(/npm run generate:validators/);
    const plots = routes.find((route) => routeKey(route) === 'GET /admin/plots')?.query as JSONSchema;
    expect(() => validatorOf(ofResource('admin-plots'), plots)).not.toThrow();
    expect(() => validatorOf(ofResource('auth'), plots)).toThrow(/npm run generate:validators/);
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
