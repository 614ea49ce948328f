import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertJavaAvailable, javaExecutable, JavaMissingError } from './java.ts';

describe('java', () => {
  it('should prefer JAVA_HOME over the PATH', () => {
    expect(javaExecutable({ JAVA_HOME: '/opt/jdk' })).toBe('/opt/jdk/bin/java');
    expect(javaExecutable({})).toBe('java');
  });

  it('should explain how to install Java when it cannot be run', () => {
    expect(() => assertJavaAvailable('/nonexistent/java')).toThrow(JavaMissingError);
    expect(() => assertJavaAvailable('/nonexistent/java')).toThrow(
      /apt-get install -y openjdk-17-jre-headless/,
    );
  });

  it('should refuse a Java without the compiler module, which runs the loopback launcher', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'java-'));
    const java = join(folder, 'java');
    try {
      await writeFile(java, '#!/bin/sh\necho java.base@17.0.15\necho java.logging@17.0.15\n');
      await chmod(java, 0o755);
      expect(() => assertJavaAvailable(java)).toThrow(/no jdk\.compiler module/);
      await writeFile(java, '#!/bin/sh\necho java.base@17.0.15\necho jdk.compiler@17.0.15\n');
      expect(() => assertJavaAvailable(java)).not.toThrow();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
