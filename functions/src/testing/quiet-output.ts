/*
 * Set-up file of every Node project: what the code under test writes straight to the process's
 * streams (Powertools' JSON lines do not go through console.*) goes to the runner's console, which
 * keeps each line with the test that wrote it and prints it only if that test fails (the root
 * configuration's silent: 'passed-only').
 */

type Write = typeof process.stdout.write;

const textOf = (chunk: unknown): string =>
  typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');

const routeTo = (stream: NodeJS.WriteStream, print: (text: string) => void) => {
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    print(textOf(chunk).replace(/\n$/, ''));
    // write(chunk, callback) or write(chunk, encoding, callback): the writer may wait for it.
    const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }) as Write;
};

routeTo(process.stdout, (text) => console.log(text));
routeTo(process.stderr, (text) => console.error(text));
