import { useEffect, useState } from 'react';

/**
 * True from the frame after the one that first painted with `ready` true. What is drawn only then
 * appears where that frame put its box: a box that grows where it is does not count as a layout shift.
 */
export function useShownAfterPaint(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!ready || shown) return;
    // The first frame paints the render that made `ready` true; the second shows what waited for it.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setShown(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [ready, shown]);
  return shown;
}
