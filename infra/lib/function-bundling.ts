import { copyFileSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';

/*
 * How every Lambda is built and started. CDK (backend-functions.ts) bundles with bundleFunction and
 * `npm run bench:lambda` (infra/local/bench/lambda.ts) too, so the bench measures what is deployed.
 */

/** The Lambda runtime, and the Node.js version esbuild compiles for. */
export const lambdaRuntime = { name: 'nodejs22.x', esbuildTarget: 'node22' } as const;

/** Packages with a compiled part: left out of the bundle and shipped beside it (native-modules.ts). */
export const nativeModules: readonly string[] = ['argon2'];

/** Set in every function's environment: stack traces in the logs point at the TypeScript sources. */
export const functionNodeOptions = '--enable-source-maps';

/**
 * The AWS SDK's credential sources other than the environment. Lambda gives every function its
 * credentials in environment variables, the first source of the SDK's default chain, so the chain
 * never reaches these (it imports each on demand): left out, they would be a fifth of each bundle.
 * The container's and the instance's (HTTP, IMDS) are about 4.7 KB gzipped more of each.
 */
export const credentialSourcesUnusedInLambda: readonly string[] = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
];

/**
 * Files a module reads beside itself at run time (`new URL('./<file>', import.meta.url)`), relative to
 * functions/: each is copied beside the bundle of every function whose bundle holds its module, where the
 * same address finds it. Not JavaScript, so not part of a bundle's size: each function loads it on demand.
 */
export const moduleDataFiles: readonly { module: string; file: string }[] = [
  // The passwords attackers try first (830 KB of text), read on the first password a function checks.
  { module: 'src/platform/common-passwords.ts', file: 'src/platform/pwned-passwords-top-100k.txt' },
];

const functionsRoot = fileURLToPath(new URL('../../functions/', import.meta.url));

/** The entry file (an ES module) and the function's handler setting: its `handler` export. */
export const bundleFileName = 'index.mjs';
export const handlerSetting = 'index.handler';

/**
 * esbuild's settings for one function: the entry and, split into chunks beside it, what it imports
 * only on first use (the SDK clients other than DynamoDB's), so that loading the function does not
 * load them, and tree shaking still applies to them.
 */
export const esbuildOptions = (entry: string, outputDirectory: string): BuildOptions => ({
  entryPoints: { index: entry },
  outdir: outputDirectory,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  target: lambdaRuntime.esbuildTarget,
  format: 'esm',
  mainFields: ['module', 'main'],
  // CommonJS dependencies bundled into an ES module still call require().
  banner: {
    js: "import { createRequire as cpboCreateRequire } from 'node:module'; const require = cpboCreateRequire(import.meta.url);",
  },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  // The AWS SDK is bundled (tree-shaken and minified) rather than taken from the runtime: it loads
  // faster and is the version the tests ran against (docs/decisions.md, 2026-11-23).
  external: [...nativeModules, ...credentialSourcesUnusedInLambda],
  // Lists what the bundle imports, so that native modules are shipped only where they are used.
  metafile: true,
  logLevel: 'error',
});

/** The entry's file in a metafile (chunks made for dynamic imports have an entry point too). */
export const entryOutput = (metafile: Metafile): string => {
  const entry = Object.keys(metafile.outputs).find((file) => basename(file) === bundleFileName);
  if (!entry) throw new Error(`The bundle has no ${bundleFileName}`);
  return entry;
};

/**
 * The files the function can ever load: its entry and the chunks it imports, statically or on
 * demand. esbuild writes a chunk for every dynamic import of the module graph, even one in code
 * that tree shaking removed; nothing imports such a chunk.
 */
export const reachableOutputs = (metafile: Metafile): string[] => {
  const entry = entryOutput(metafile);
  const reached = new Set<string>();
  const visit = (file: string) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? [])
      if (!imported.external) visit(imported.path);
  };
  visit(entry);
  return [...reached];
};

/**
 * Writes one function's bundle (its files and their source maps) into outputDirectory, without the
 * chunks it cannot load; returns esbuild's metafile of what is left.
 */
export const bundleFunction = (entry: string, outputDirectory: string): Metafile => {
  const { metafile } = buildSync(esbuildOptions(entry, outputDirectory));
  if (!metafile) throw new Error(`esbuild wrote no metafile for ${entry}`);
  const reachable = new Set(reachableOutputs(metafile));
  const outputs: Metafile['outputs'] = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const script = file.endsWith('.map') ? file.slice(0, -'.map'.length) : file;
    if (reachable.has(script)) outputs[file] = output;
    else rmSync(resolve(file));
  }
  const bundled = Object.values(outputs).flatMap((output) => Object.keys(output.inputs));
  for (const { module, file } of moduleDataFiles)
    if (bundled.some((input) => resolve(input) === join(functionsRoot, module)))
      copyFileSync(join(functionsRoot, file), join(outputDirectory, basename(file)));
  return { ...metafile, outputs };
};
