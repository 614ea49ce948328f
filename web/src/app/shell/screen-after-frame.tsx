import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * The screen, drawn in a commit of its own once the frame around it is on the page; until then, `waiting`
 * (the screen's part of its outline). The first commit of a signed-in page was one task of 150–250 ms on a
 * phone (frame and screen, their first layout and their effects): two commits are two shorter tasks, and the
 * screen's render, a transition, is sliced (issue 42: total blocking time). Only the frame's first draw
 * waits: later screens are drawn as the route changes.
 */
export function ScreenAfterFrame({ waiting, children }: { waiting: ReactNode; children: ReactNode }) {
  const [frameDrawn, setFrameDrawn] = useState(false);
  useEffect(() => startTransition(() => setFrameDrawn(true)), []);
  return frameDrawn ? children : waiting;
}
