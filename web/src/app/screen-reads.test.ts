import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, setAccessTokenProvider } from '../api/api-client.ts';
import { forgetEarlyReads } from '../api/early-reads.ts';
import { fakeApi } from '../test/fake-api.ts';
import { firstReadsAt, memberReadAt, plotReadAt, runReadAt, startFirstReads } from './screen-reads.ts';

afterEach(() => {
  forgetEarlyReads();
  setAccessTokenProvider(() => Promise.resolve(null));
});

describe("a screen's first reads", () => {
  it('should name what the member, plot and new-plot pages read first, their ids encoded once', () => {
    expect(firstReadsAt('/Member/m%2F1')).toEqual(['/members/m%2F1', '/me/enabler']);
    expect(firstReadsAt('/member/m-1/field/')).toEqual(['/members/m-1', '/me/enabler']);
    expect(firstReadsAt('/Member/m-1/Field/p-2')).toEqual([
      '/members/m-1/plots/p-2',
      '/members/m-1',
      '/me/enabler',
    ]);
    // The other screens read what their state asks (a page, a search): nothing begins before their code.
    expect(firstReadsAt('/Members')).toEqual([]);
    expect(firstReadsAt('/')).toEqual([]);
    expect(firstReadsAt('/AdminMembers')).toEqual([]);
    // An administrator's run page reads its run.
    expect(firstReadsAt('/benefitrun/r%2F1')).toEqual(['/admin/benefit-runs/r%2F1']);
  });

  it("should name the member of a plot's or a new plot's address, which their outline names", () => {
    expect(memberReadAt('/member/m%2F1/field')).toBe('/members/m%2F1');
    expect(memberReadAt('/Member/m-1/Field/p-2')).toBe('/members/m-1');
    expect(memberReadAt('/Member/m-1')).toBe('/members/m-1');
    expect(memberReadAt('/UpdateMember/m-1')).toBeUndefined();
    expect(memberReadAt('/UpdateField/m-1/Field/p-2')).toBeUndefined();
    expect(memberReadAt('/Members')).toBeUndefined();
    expect(memberReadAt('/AdminMembers')).toBeUndefined();
  });

  it("should name the plot of a plot's address, which its outline draws", () => {
    expect(plotReadAt('/Member/m-1/Field/p%2F2')).toBe('/members/m-1/plots/p%2F2');
    expect(plotReadAt('/member/m-1/field')).toBeUndefined();
    expect(plotReadAt('/Member/m-1')).toBeUndefined();
  });

  it("should name the run of a run's address, which its outline draws", () => {
    expect(runReadAt('/BenefitRun/r%2F1')).toBe('/admin/benefit-runs/r%2F1');
    expect(runReadAt('/AdminBenefitRuns')).toBeUndefined();
    expect(runReadAt('/Member/m-1')).toBeUndefined();
  });

  it("should hand each read to the screen's own, once, with the restored session's token", async () => {
    setAccessTokenProvider(() => Promise.resolve('later-token'));
    const api = fakeApi({
      'GET /api/members/m-1': { body: { id: 'm-1', name: 'Awa' } },
      'GET /api/me/enabler': { body: { name: 'Sahel Farmers' } },
    });

    startFirstReads('/Member/m-1', 'restored-token');
    await vi.waitFor(() => expect(api.calls()).toEqual(['GET /api/members/m-1', 'GET /api/me/enabler']));
    expect(api.bearerOf('GET /api/members/m-1')).toBe('Bearer restored-token');

    await expect(apiFetch('/members/m-1')).resolves.toEqual({ id: 'm-1', name: 'Awa' });
    expect(api.requests).toHaveLength(2);
    // Taken: the next read asks the server.
    await apiFetch('/members/m-1');
    expect(api.requests).toHaveLength(3);
    expect(api.requests[2]?.headers.get('Authorization')).toBe('Bearer later-token');
  });
});
