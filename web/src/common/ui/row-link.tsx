import type { ReactNode } from 'react';
import Link from '@cloudscape-design/components/link';
import { useFollow } from '../../browser/use-follow.ts';

/**
 * The link of a table whose whole row opens a page: the link keeps opening in a new tab and keyboard
 * use, and its own clicks stop here so that the row does not open the page a second time.
 */
export function RowLink({ href, children }: { href: string; children: ReactNode }) {
  const follow = useFollow();
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Link href={href} onFollow={follow}>
        {children}
      </Link>
    </span>
  );
}
