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
});
