import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAgain } from './read-again.ts';

describe('readAgain', () => {
  it("leaves a query the answer of a read made after it, not of one under way before (a new search's first page)", async () => {
    const queryClient = new QueryClient();
    const answers = ['read before the write', 'read after the write'];
    let answerFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    const observer = new QueryObserver(queryClient, {
      queryKey: ['members', 'search'],
      queryFn: async () => {
        const answer = answers.shift();
        if (answer === 'read before the write') await firstAnswered;
        return answer;
      },
    });
    const stop = observer.subscribe(() => {});
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching');

    const readingAgain = readAgain(queryClient, [['members']]);
    answerFirst();
    await readingAgain;
    expect(queryClient.getQueryData(['members', 'search'])).toBe('read after the write');
    stop();
  });

  it('reads again a query that holds an answer, and leaves alone the queries under other keys', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['members', 'list'],
      queryFn: async () => (reads += 1),
    });
    const stop = observer.subscribe(() => {});
    queryClient.setQueryData(['users'], 'kept');
    await new Promise((resolve) => setTimeout(resolve));
    expect(queryClient.getQueryData(['members', 'list'])).toBe(1);

    await readAgain(queryClient, [['members']]);
    expect(queryClient.getQueryData(['members', 'list'])).toBe(2);
    expect(queryClient.getQueryState(['users'])?.isInvalidated).toBe(false);
    stop();
  });
});
