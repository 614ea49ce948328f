import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../common/ui/loading-screen.tsx';
import { outlinedMemberNow, outlinedPlotNow, outlinedRunNow } from '../screen-reads.ts';
import { tokenKeeper } from '../session/token-keeper.ts';
import { outlineSession, type OutlineKeys, type OutlineTexts } from './outline.ts';
import { outlineDrawing } from './outline-drawing.ts';

/**
 * The outline of the signed-in frame and screen (outline.ts) while the session is restored and their code
 * loads: the same elements, from the same texts, that the page's first module drew before React, so that
 * React's first render changes nothing on the screen. The administrators' texts come with the first
 * language's at their addresses (screen-code.ts); when they are not there (a sign-in at such an address),
 * the loading screen shows instead.
 */
export function ScreenOutline({
  keys,
  pathname,
  content = false,
}: {
  keys: OutlineKeys;
  pathname: string;
  /** Only the screen's part, inside the drawn frame (screen-after-frame.tsx). */
  content?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // Every text is there: an administrator's may not be (a sign-in at such an address).
  // The user's and the enabler's names, the banner and the role, when the outline waits for them: the session's
  // restore has answered them before the page's first module drew the outline (main.tsx), and before React's
  // first render; and the user's email, which tells a benefit run's uploader.
  const session = outlineSession(
    keys.enabler || keys.member || keys.run ? tokenKeeper.restored() : undefined,
  );
  // The member the description names (and the member's page draws), from its early read, which had come too;
  // the session's restore answered the enabler's currency.
  const member = keys.member ? outlinedMemberNow(pathname) : undefined;
  // The plot the plot's page draws, from its early read.
  const plot = keys.plot ? outlinedPlotNow(pathname) : undefined;
  // The run a run's page names, from its early read.
  const run = keys.run ? outlinedRunNow(pathname) : undefined;
  // Its drawing code, which the page's first module fetched before it drew the outline.
  const drawing = outlineDrawing();
  const ready =
    drawing !== undefined &&
    (!keys.enabler || session.enablerName !== '') &&
    (!keys.member || member !== undefined) &&
    (!keys.plot || plot !== undefined) &&
    (!keys.run || run !== undefined) &&
    [
      keys.heading,
      keys.loading,
      keys.description,
      keys.search,
      keys.total,
      keys.section?.heading,
      keys.section?.description,
      keys.details,
    ].every((key) => key === undefined || i18n.exists(key));
  // The texts as one value, so that the outline is drawn again only when one of them changes.
  const texts = JSON.stringify(
    drawing?.outlineTexts(keys, (key, values) => t(key, values), {
      session,
      member,
      plot,
      run,
      language: i18n.resolvedLanguage ?? i18n.language,
    }),
  );
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!drawing) return;
    const drawn = JSON.parse(texts) as OutlineTexts;
    host.current?.replaceChildren(
      ...(content ? drawing.buildOutlineContent(drawn).childNodes : [drawing.buildOutline(drawn)]),
    );
  }, [content, drawing, texts]);
  return ready ? <div ref={host} className="screen-outline-host" /> : <LoadingScreen />;
}
