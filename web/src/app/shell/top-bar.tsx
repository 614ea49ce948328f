import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Icon from '@cloudscape-design/components/icon';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { saveLanguage } from '../../api/accounts.ts';
import { LanguageSelector } from '../../common/ui/language-selector.tsx';
import { useSignedInSession } from '../../session/session-context.ts';
import { Brand } from './brand.tsx';
import { EnablerSelector } from './enabler-selector.tsx';
import { TOP_BAR_ID } from './top-bar-id.ts';
import { useSafeSignOut } from '../offline/safe-sign-out.tsx';
import { paths } from '../../navigation/paths.ts';

export interface TopBarProps {
  menuOpen: boolean;
  onMenuToggle: () => void;
}

/** The signed-in header: menu button, brand, enabler, language and the account menu. */
export function TopBar({ menuOpen, onMenuToggle }: TopBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSignedInSession();
  const signOut = useSafeSignOut();

  return (
    <div id={TOP_BAR_ID} className="top-bar">
      <TopNavigation>
        <div className={`top-bar__content${user.role === 'ADMIN' ? ' top-bar__content--selector' : ''}`}>
          <div className="top-bar__start">
            <span className="top-bar__menu-button">
              <Button
                variant="icon"
                iconName="menu"
                ariaLabel={menuOpen ? t('navigation.close') : t('navigation.open')}
                ariaExpanded={menuOpen}
                onClick={onMenuToggle}
              />
            </span>
            <Brand
              onHome={(event) => {
                event.preventDefault();
                navigate(paths.home);
              }}
            />
          </div>
          <div className="top-bar__end">
            {user.role === 'ADMIN' ? (
              <EnablerSelector />
            ) : (
              user.enablerName && (
                <Box variant="span" fontWeight="bold" color="inherit">
                  <span className="top-bar__enabler">{user.enablerName}</span>
                </Box>
              )
            )}
            <LanguageSelector onChosen={(language) => void saveLanguage(language)} />
            <ButtonDropdown
              variant="normal"
              ariaLabel={`${t('header.userMenu')}: ${user.username}`}
              items={[
                { id: 'account', text: t('header.account'), href: paths.account, iconName: 'user-profile' },
                { id: 'logout', text: t('header.logout'), iconName: 'sign-out' },
                { id: 'logoutFromEverywhere', text: t('header.logoutFromEverywhere') },
              ]}
              onItemFollow={(event) => {
                if (event.detail.href) {
                  event.preventDefault();
                  navigate(event.detail.href);
                }
              }}
              onItemClick={({ detail }) => {
                // A failure of logout from everywhere shows in the error dialog and leaves the user signed in.
                if (detail.id === 'logout' || detail.id === 'logoutFromEverywhere')
                  signOut.request(detail.id);
              }}
            >
              <span className="label-long">{user.username}</span>
              <span className="label-short">
                <Icon name="user-profile" />
              </span>
            </ButtonDropdown>
          </div>
        </div>
      </TopNavigation>
      {signOut.dialog}
    </div>
  );
}
