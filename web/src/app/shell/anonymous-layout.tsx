import type { ReactNode } from 'react';
import { AnonymousTopBar } from './anonymous-top-bar.tsx';

/** The signed-out frame: a plain top bar and the screen centred below it. */
export function AnonymousLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AnonymousTopBar />
      <main className="anonymous-layout">{children}</main>
    </>
  );
}
