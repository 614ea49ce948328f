import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { useSubmission } from './use-submission.ts';

describe('useSubmission', () => {
  it('stays pending after a success (the page leaves) and sends nothing more meanwhile', async () => {
    const { result } = renderHook(() => useSubmission());
    let calls = 0;
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send(async () => {
        calls += 1;
      });
    });
    expect(sent).toBe(true);
    expect(result.current).toMatchObject({ pending: true, failure: null });
    await act(async () => {
      sent = await result.current.send(async () => {
        calls += 1;
      });
    });
    expect(sent).toBe(false);
    expect(calls).toBe(1);
  });

  it("shows a refusal in the user's language and lets the user send again", async () => {
    const { result } = renderHook(() => useSubmission());
    let sent: boolean | undefined;
    await act(async () => {
      sent = await result.current.send(() =>
        Promise.reject(new ApiError({ kind: 'http', status: 409, code: 'ERR_DUPLICATE_USER', message: 'x' })),
      );
    });
    expect(sent).toBe(false);
    expect(result.current).toMatchObject({
      pending: false,
      failure: 'A user with this email already exists.',
    });
    act(() => result.current.clearFailure());
    expect(result.current.failure).toBeNull();

    await act(async () => {
      await result.current.send(() => Promise.reject(new Error('disk full')));
    });
    expect(result.current.failure).toContain('disk full');
    await act(async () => {
      sent = await result.current.send(async () => undefined);
    });
    expect(sent).toBe(true);
    expect(result.current.failure).toBeNull();
  });
});
