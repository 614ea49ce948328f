import { Brand } from './brand.tsx';
import { SignedOutLanguageMenu } from './signed-out-language-menu.tsx';
import { TOP_BAR_ID } from './top-bar-id.ts';

/**
 * The signed-out header: brand and language only. Plain HTML in the colours of the signed-in top bar's
 * Cloudscape TopNavigation, whose code the first screen does without.
 */
export function AnonymousTopBar() {
  return (
    <header id={TOP_BAR_ID} className="top-bar top-bar--signed-out">
      <div className="top-bar__content">
        <div className="top-bar__start">
          <Brand />
        </div>
        <div className="top-bar__end">
          <SignedOutLanguageMenu />
        </div>
      </div>
    </header>
  );
}
