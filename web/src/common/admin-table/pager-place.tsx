import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useShownAfterPaint } from '../ui/use-shown-after-paint.ts';

/** Whether an element comes after the first table of its nearest ancestor that holds one (a pager under the rows). */
const underRows = (element: HTMLElement): boolean => {
  let holder = element.parentElement;
  while (holder && !holder.querySelector('table')) holder = holder.parentElement;
  const table = holder?.querySelector('table');
  return Boolean(table && table.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
};

/**
 * A table's pager where Cloudscape puts it. On a phone it draws a full-page table's pager twice: in the
 * header's tools and under the rows. The rows push the lower one down when they come, which counts as a layout
 * shift while it shows; so the lower one is drawn empty until the frame after the rows were painted (`rowsCame`),
 * then grows where it is. Until it is placed (before the browser lays it out), neither shows.
 */
export function PagerPlace({ rowsCame, children }: { rowsCame: boolean; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [lower, setLower] = useState<boolean>();
  useLayoutEffect(() => {
    if (place.current) setLower(underRows(place.current));
  }, []);
  const shown = useShownAfterPaint(rowsCame);
  return (
    <div ref={place} className={lower === undefined ? 'pager-place pager-place--unplaced' : 'pager-place'}>
      {(lower !== true || shown) && children}
    </div>
  );
}
