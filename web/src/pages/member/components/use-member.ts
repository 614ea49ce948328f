import { useCallback, useEffect, useState } from 'react';
import { getMember, type MemberDetail } from '../../../api/members.ts';

type MemberState =
  { memberId: string; status: 'loaded'; member: MemberDetail } | { memberId: string; status: 'failed' };

/**
 * The member of the page, loaded from the API and loaded again on demand (after a payment or a
 * contribution); the page keeps showing the member while it reloads.
 */
export function useMember(memberId: string) {
  const [state, setState] = useState<MemberState | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    getMember(memberId).then(
      (member) => {
        if (current) setState({ memberId, status: 'loaded', member });
      },
      // The error dialog says why; the page offers to try again.
      () => {
        if (current) setState({ memberId, status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [memberId, version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  const forThisMember = state?.memberId === memberId ? state : null;
  return {
    member: forThisMember?.status === 'loaded' ? forThisMember.member : null,
    failed: forThisMember?.status === 'failed',
    reload,
  };
}
