import { describe, expect, it } from 'vitest';
import { readImportFile } from './file-stream.ts';

/** The text cut into chunks of `size` bytes, as a stream gives them (cuts fall inside tokens). */
async function* chunksOf(text: string, size = 7): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.slice(start, start + size);
}

const read = async (text: string, onboarding = false) => {
  const members: [unknown, number, number][] = [];
  const heads: [unknown, number][] = [];
  const problem = await readImportFile(chunksOf(text), onboarding, {
    member: (value, index, enabler) => members.push([value, index, enabler]),
    head: (value, enabler) => heads.push([value, enabler]),
  });
  return { problem, members, heads };
};

describe('readImportFile', () => {
  it("gives each member with its place, and each enabler's head without its members", async () => {
    const file = [
      { _id: 'a', members: [{ id: 'm1', name: 'Awa "A" Sarr' }, { id: 'm2' }], configs: [{ v: 1 }] },
      { members: [], _id: 'b', extra: { members: [1] } },
    ];
    expect(await read(JSON.stringify(file))).toEqual({
      problem: undefined,
      members: [
        [{ id: 'm1', name: 'Awa "A" Sarr' }, 0, 0],
        [{ id: 'm2' }, 1, 0],
      ],
      heads: [
        [{ _id: 'a', members: [], configs: [{ v: 1 }] }, 0],
        [{ members: [], _id: 'b', extra: { members: [1] } }, 1],
      ],
    });
  });

  it('gives an onboarding file member by member', async () => {
    const { problem, members, heads } = await read('[{"name":"A"},{"name":"B"}]', true);
    expect(problem).toBeUndefined();
    expect(members).toEqual([
      [{ name: 'A' }, 0, 0],
      [{ name: 'B' }, 1, 0],
    ]);
    expect(heads).toEqual([]);
  });

  it('tells a file that is not JSON, cut short, followed by more, or not a list', async () => {
    expect((await read('[{"_id": "a", "members": [{"id": 1}')).problem).toBe('not-json');
    expect((await read('[] []')).problem).toBe('not-json');
    expect((await read('')).problem).toBe('not-json');
    expect((await read('{"members": []}')).problem).toBe('not-a-list');
    expect((await read('[{"members": [1 2]}]')).problem).toBe('not-json');
  });

  it("lets a caller's failure through rather than calling the file invalid", async () => {
    const failing = readImportFile(chunksOf('[{"members": [{}]}]'), false, { member: () => undefined }, () =>
      Promise.reject(new Error('DynamoDB is down')),
    );
    await expect(failing).rejects.toThrow('DynamoDB is down');
  });
});
