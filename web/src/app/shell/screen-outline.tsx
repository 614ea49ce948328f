import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buildOutline, type OutlineKeys } from './outline.ts';

/**
 * The outline of the signed-in frame and screen (outline.ts) while the session is restored and their code
 * loads: the same elements the page's first module drew before React, so that React's first render changes
 * nothing on the screen.
 */
export function ScreenOutline({ keys }: { keys: OutlineKeys }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const heading = t(keys.heading);
  const search = t(keys.search);
  const loading = t(keys.loading);
  useLayoutEffect(() => {
    host.current?.replaceChildren(buildOutline({ heading, search, loading }));
  }, [heading, search, loading]);
  return <div ref={host} className="screen-outline-host" />;
}
