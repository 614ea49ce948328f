import TopNavigation from '@cloudscape-design/components/top-navigation';
import { LanguageSelector } from '../../common/language-selector.tsx';
import { Brand } from './brand.tsx';
import { TOP_BAR_ID } from './top-bar-id.ts';

/**
 * The signed-out header: brand and language only. In a file of its own, so that the signed-in top bar
 * (enabler selector, account menu) stays out of the signed-out visitor's download.
 */
export function AnonymousTopBar() {
  return (
    <div id={TOP_BAR_ID} className="top-bar">
      <TopNavigation>
        <div className="top-bar__content">
          <div className="top-bar__start">
            <Brand />
          </div>
          <div className="top-bar__end">
            <LanguageSelector />
          </div>
        </div>
      </TopNavigation>
    </div>
  );
}
