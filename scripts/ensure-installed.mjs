#!/usr/bin/env node
// Runs before `npm start` and `npm test`: installs the dependencies when they are missing or older
// than the lockfile, makes sure the native modules load, and says which system programs are
// missing. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const systemHint = 'Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless chromium g++ make python3';

const modifiedAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : undefined);

// npm writes node_modules/.package-lock.json after every install: its age is the age of node_modules.
const installedAt = modifiedAt(join(root, 'node_modules', '.package-lock.json'));
if (installedAt === undefined || installedAt < (modifiedAt(join(root, 'package-lock.json')) ?? 0)) {
  console.log(
    installedAt === undefined
      ? 'Installing the dependencies (npm ci)…'
      : 'package-lock.json changed: npm ci…',
  );
  const npm = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}

/*
 * npm runs no install script here, so argon2 loads the prebuilt binary it ships, and on some
 * machines that binary crashes node on load (seen on Debian 12 with Node 20). Building it from
 * source takes a few seconds; node-gyp-build then prefers build/Release over the prebuilt one.
 */
const loads = (module) =>
  spawnSync(process.execPath, ['-e', `require(${JSON.stringify(module)})`], { cwd: root, stdio: 'ignore' })
    .status === 0;
for (const module of ['argon2']) {
  if (loads(module)) continue;
  console.log(`${module}'s prebuilt binary does not load on this machine: building it from source…`);
  const nodeGyp = process.env.npm_config_node_gyp;
  const prefix = dirname(dirname(process.execPath));
  // Use the headers of the running node when it has them: no download needed.
  const nodedir = existsSync(join(prefix, 'include', 'node', 'node.h')) ? [`--nodedir=${prefix}`] : [];
  const build = nodeGyp
    ? spawnSync(process.execPath, [nodeGyp, 'rebuild', ...nodedir], {
        cwd: join(root, 'node_modules', module),
        stdio: 'inherit',
      })
    : undefined;
  if (!build || build.status !== 0 || !loads(module)) {
    console.error(
      `\n${module} could not be built (run this through npm, with a C++ toolchain).\nInstall one: ${systemHint}\n`,
    );
    process.exit(1);
  }
}

const missing = [];
const javaHome = process.env.JAVA_HOME;
const java = spawnSync(javaHome ? join(javaHome, 'bin', 'java') : 'java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) missing.push('java (DynamoDB Local needs a Java runtime, 17 or newer)');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) missing.push(`${chromium} (the end-to-end tests drive a headless Chromium)`);
if (missing.length)
  console.warn(`\nWarning: missing ${missing.join(' and ')}.\nInstall them: ${systemHint}\n`);
