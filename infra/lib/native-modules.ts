import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { credentialSourcesUnusedInLambda, lambdaRuntime, nativeModules } from './function-bundling.ts';

/** A prebuildify platform folder, as node-gyp-build looks for it under prebuilds/. */
export type PrebuildPlatform = 'linux-arm64' | 'linux-x64';

// The functions' dependencies resolve from functions/, wherever npm placed them.
const resolveFromFunctions = createRequire(new URL('../../functions/package.json', import.meta.url));

/**
 * The native modules a bundle imports. Any other package left out of it is an error, but for the
 * credential sources that Lambda never needs, which may only be imported on demand.
 */
export const importedNativeModules = (metafile: Metafile): string[] => {
  const external = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((entry) => entry.external && !isBuiltin(entry.path));
  const unexpected = external.filter(
    (entry) =>
      !nativeModules.includes(entry.path) &&
      !(credentialSourcesUnusedInLambda.includes(entry.path) && entry.kind === 'dynamic-import'),
  );
  if (unexpected.length) {
    const list = unexpected.map((entry) => `${entry.path} (${entry.kind})`).join(', ');
    throw new Error(`The bundle imports ${list}, neither bundled nor shipped`);
  }
  return [...new Set(external.map((entry) => entry.path))]
    .filter((name) => nativeModules.includes(name))
    .sort();
};

/**
 * Gives a bundle the native modules it imports, and nothing else: node_modules/<module>/ with its
 * package.json and licence, its JavaScript bundled into its main file (so its pure-JavaScript
 * dependencies come along) and the prebuilt binaries of the function's platform alone. Never
 * build/: node-gyp-build prefers it to prebuilds/, and there it holds a binary built for the machine
 * that ran the synth (see scripts/ensure-installed.mjs). Returns the modules shipped.
 */
export const shipNativeModules = (
  metafile: Metafile,
  outputDirectory: string,
  platform: PrebuildPlatform,
): string[] => {
  const shipped = importedNativeModules(metafile);
  for (const name of shipped) {
    const packageFile = resolveFromFunctions.resolve(`${name}/package.json`);
    const packageFolder = dirname(packageFile);
    const manifest = JSON.parse(readFileSync(packageFile, 'utf8')) as { main?: unknown };
    if (typeof manifest.main !== 'string') throw new Error(`${name}: its package.json names no main file`);
    const prebuilds = join(packageFolder, 'prebuilds', platform);
    if (!existsSync(prebuilds)) throw new Error(`${name} ships no prebuilt binary for ${platform}`);

    const moduleFolder = join(outputDirectory, 'node_modules', name);
    mkdirSync(moduleFolder, { recursive: true });
    writeFileSync(join(moduleFolder, 'package.json'), JSON.stringify(manifest, null, 2));
    for (const notice of ['LICENSE', 'LICENSE.md']) {
      const file = join(packageFolder, notice);
      if (existsSync(file)) cpSync(file, join(moduleFolder, notice));
    }
    buildSync({
      entryPoints: [join(packageFolder, manifest.main)],
      outfile: join(moduleFolder, manifest.main),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: lambdaRuntime.esbuildTarget,
      logLevel: 'error',
    });
    cpSync(prebuilds, join(moduleFolder, 'prebuilds', platform), { recursive: true });
  }
  return shipped;
};
