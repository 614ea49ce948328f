import { execFile, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpApiEvent } from '@cpbo/events/http-api-event.ts';
import { resources } from '@cpbo/functions/http/routes.ts';
import { COMMON_PASSWORDS_FILE } from '@cpbo/functions/platform/common-passwords.ts';
import { signAccessToken } from '@cpbo/functions/platform/access-token.ts';
import { resetTokenSigningKey } from '@cpbo/functions/platform/secrets.ts';
import { workers } from '@cpbo/functions/workers/workers.ts';
import { bundleFileName, functionNodeOptions } from './function-bundling.ts';
import { CropProtectionStack } from './crop-protection-stack.ts';
import { cdkContext, stackProps } from './testing/stacks-under-test.ts';

/*
 * One real synth of the stack, bundling included (the other CDK tests skip it): what each function's
 * asset holds is what Lambda will load.
 */

const execFileAsync = promisify(execFile);

/** ELF: e_machine of ARM 64-bit (AArch64). */
const EM_AARCH64 = 183;
const apiNames = [...resources, 'not-found'];
const functionNames = [...apiNames, ...workers.map((worker) => `${worker}-worker`)];

let outdir: string;
/** Each of our functions' asset folder, by name ('auth', 'mail-worker'…). */
const assets = new Map<string, string>();

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

const elfHeader = (file: string) => {
  const header = Buffer.alloc(20);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, header, 0, header.length, 0);
  } finally {
    closeSync(descriptor);
  }
  return {
    magic: header.subarray(0, 4).toString('latin1'),
    is64Bit: header[4] === 2,
    littleEndian: header[5] === 1,
    machine: header.readUInt16LE(18),
  };
};

/** The bundle's JavaScript files: the entry and its chunks. */
const scriptsOf = (folder: string): string[] => readdirSync(folder).filter((file) => file.endsWith('.mjs'));

/** True when one of the bundle's files imports argon2 (an import statement or expression of the bare name). */
const bundleImportsArgon2 = (folder: string): boolean =>
  scriptsOf(folder).some((file) =>
    /\bfrom\s*["']argon2["']|\bimport\s*\(\s*["']argon2["']\s*\)/.test(
      readFileSync(join(folder, file), 'utf8'),
    ),
  );

/** The entry, its chunks and their source maps. */
const isBundleFile = (file: string): boolean => /^(index|chunk-[A-Z0-9]+)\.mjs(\.map)?$/.test(file);

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'cdk-bundles-'));
  const app = new App({ outdir, builtinCloudFormationValidation: false, context: cdkContext });
  const stack = new CropProtectionStack(
    app,
    'CropProtection-bundles',
    stackProps({ environmentName: 'bundles' }),
  );
  const template = Template.fromStack(stack);
  for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
    const description = String(fn.Properties.Description ?? '');
    const name = /^API resource: (.+)$/.exec(description)?.[1] ?? /^Worker: (.+)$/.exec(description)?.[1];
    if (!name) continue;
    const key = description.startsWith('Worker: ') ? `${name}-worker` : name;
    const hash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, '');
    assets.set(key, join(outdir, `asset.${hash}`));
  }
}, 120_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('the function bundles', () => {
  it('exist for every function', () => {
    expect([...assets.keys()].sort()).toEqual([...functionNames].sort());
  });

  it('carry only aarch64 native binaries, in every asset of the stack', () => {
    const assetFolders = readdirSync(outdir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
      .map((entry) => join(outdir, entry.name));
    const binaries = assetFolders.flatMap(filesUnder).filter((file) => file.endsWith('.node'));
    expect(binaries.length).toBeGreaterThan(0);
    for (const binary of binaries) {
      expect(elfHeader(binary), relative(outdir, binary)).toEqual({
        magic: '\x7fELF',
        is64Bit: true,
        littleEndian: true,
        machine: EM_AARCH64,
      });
    }
  });

  it('give the list of passwords attackers try first to exactly the functions that check new passwords', () => {
    const withList = functionNames.filter((name) =>
      existsSync(join(assets.get(name) as string, COMMON_PASSWORDS_FILE)),
    );
    // Sign-in (its flag), the change, registration and reset.
    expect(withList.toSorted()).toEqual(['auth', 'registration']);
    const list = readFileSync(join(assets.get('auth') as string, COMMON_PASSWORDS_FILE), 'utf8');
    expect(list.trimEnd().split('\n')).toHaveLength(100_000);
  });

  it('give argon2 to exactly the functions that import it, with its linux-arm64 prebuilds alone', () => {
    const withArgon2 = functionNames.filter((name) => bundleImportsArgon2(assets.get(name) as string));
    // Sign-in and setting a password hash passwords.
    expect(withArgon2).toEqual(expect.arrayContaining(['auth', 'registration']));
    for (const name of functionNames) {
      const folder = assets.get(name) as string;
      // The data files a bundle's modules read are the test above's.
      const files = filesUnder(folder)
        .map((file) => relative(folder, file))
        .filter((file) => file !== COMMON_PASSWORDS_FILE);
      const native = files.filter((file) => file.endsWith('.node'));
      expect(files, name).toContain(bundleFileName);
      if (!withArgon2.includes(name)) {
        expect(
          files.filter((file) => !isBundleFile(file)),
          name,
        ).toEqual([]);
        continue;
      }
      expect(native.length, name).toBeGreaterThan(0);
      for (const file of native)
        expect(file, name).toMatch(/^node_modules\/argon2\/prebuilds\/linux-arm64\//);
      expect(
        files
          .filter((file) => !isBundleFile(file) && !file.startsWith('node_modules/argon2/prebuilds/'))
          .sort(),
        name,
      ).toEqual([
        'node_modules/argon2/LICENSE',
        'node_modules/argon2/argon2.cjs',
        'node_modules/argon2/package.json',
      ]);
    }
  });

  it("make argon2 load its linux-arm64 binary, never one built on the synth's machine", () => {
    const folder = assets.get('auth') as string;
    // node-gyp-build picks the prebuild of the architecture it is told; on another machine the
    // binary cannot be opened, and the error names the file that was chosen.
    const load = spawnSync(
      process.execPath,
      ['-e', `require(${JSON.stringify(join(folder, 'node_modules', 'argon2'))})`],
      { encoding: 'utf8', env: { ...process.env, npm_config_arch: 'arm64' } },
    );
    if (process.arch === 'arm64') expect(load.status).toBe(0);
    else
      expect(load.stderr).toMatch(/node_modules\/argon2\/prebuilds\/linux-arm64\/argon2\.armv8\.glibc\.node/);
  });

  it('are each under 150 KB gzipped, all their files together', () => {
    for (const name of functionNames) {
      const folder = assets.get(name) as string;
      const gzipped = scriptsOf(folder).reduce(
        (total, file) => total + gzipSync(readFileSync(join(folder, file))).length,
        0,
      );
      expect(gzipped, name).toBeLessThan(150 * 1024);
    }
  });

  it('load the Secrets Manager client on first use, with the credentials Lambda gives, and check requests with the precompiled validators', async () => {
    const secret = 'bundle-test-secret-of-32-bytes!!';
    const secretArn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:token-signing';
    process.env.JWT_SECRET = secret;
    resetTokenSigningKey();
    const tokenOf = (sessionId: string) =>
      signAccessToken({
        email: 'agent@example.org',
        username: 'Agent',
        role: 'USER',
        enabler: 'e1',
        enablerName: 'Enabler one',
        sessionId,
      });
    const [token, tokenOfBrokenSession] = await Promise.all([tokenOf('s1'), tokenOf('broken')]);
    delete process.env.JWT_SECRET;
    resetTokenSigningKey();

    // Secrets Manager's API, as much of it as GetSecretValue needs, and DynamoDB's, as much of it as
    // the session read needs (the session 'broken' makes DynamoDB refuse the read).
    const awsRequests: { target: string | undefined; body: unknown }[] = [];
    const aws = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const target = request.headers['x-amz-target'] as string | undefined;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        awsRequests.push({ target, body });
        if (target === 'DynamoDB_20120810.GetItem') {
          const now = Math.floor(Date.now() / 1000);
          const broken = body.Key?.sk?.S === 'SESSION#broken';
          response.writeHead(broken ? 400 : 200, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(
            JSON.stringify(
              broken
                ? { __type: 'com.amazonaws.dynamodb.v20120810#ValidationException', message: 'Refused' }
                : {
                    Item: {
                      expiresAt: { N: String(now + 3600) },
                      endsAt: { N: String(now + 7200) },
                      enablerId: { S: 'e1' },
                    },
                  },
            ),
          );
          return;
        }
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ ARN: secretArn, Name: 'token-signing', SecretString: secret }));
      });
    });
    await new Promise<void>((listening) => aws.listen(0, '127.0.0.1', listening));
    const { port } = aws.address() as AddressInfo;

    const event = (bearer: string) =>
      httpApiEvent({
        method: 'PUT',
        path: '/api/me/language',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'de', theme: 'dark' }),
      });
    const invoke = `
      const { handler } = await import(${JSON.stringify(join(assets.get('me') as string, bundleFileName))});
      const context = { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 };
      process.stdout.write(JSON.stringify(await handler(JSON.parse(process.env.EVENT), context)));`;
    const run = (bearer: string) =>
      execFileAsync(process.execPath, ['--input-type=module', '-e', invoke], {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          NODE_OPTIONS: functionNodeOptions,
          AWS_REGION: 'eu-west-1',
          AWS_ACCESS_KEY_ID: 'AKIDBUNDLETEST',
          AWS_SECRET_ACCESS_KEY: 'bundle-test',
          AWS_SESSION_TOKEN: 'bundle-test',
          AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${port}`,
          AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${port}`,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          TABLE_NAME: 'unused',
          JWT_SECRET_ARN: secretArn,
          EVENT: JSON.stringify(event(bearer)),
        },
      });
    try {
      const checked = await run(token);
      expect(checked.stderr).toBe('');
      const result = JSON.parse(checked.stdout) as { statusCode: number; body: string };
      expect(awsRequests.map((request) => request.target)).toEqual([
        'secretsmanager.GetSecretValue',
        'DynamoDB_20120810.GetItem',
      ]);
      expect(awsRequests[0]?.body).toEqual({ SecretId: secretArn });
      expect(result.statusCode).toBe(400);
      expect(JSON.parse(result.body)).toMatchObject({
        code: 'ERR_INVALID_DATA_FORMAT',
        details: [
          { where: 'body', problem: "unknown property 'theme'" },
          { where: 'body/language', problem: 'must be equal to one of the allowed values' },
        ],
      });

      // An unexpected failure is logged through Powertools' Logger, which the bundle loads then.
      const failed = await run(tokenOfBrokenSession);
      expect(JSON.parse(failed.stdout)).toMatchObject({ statusCode: 500 });
      expect(JSON.parse(failed.stderr)).toMatchObject({
        level: 'ERROR',
        message: 'Unexpected error',
        service: 'crop-protection',
        function_request_id: 'bundle-test',
        error: { name: 'ValidationException', message: 'Refused' },
      });
    } finally {
      aws.close();
    }
  });
});
