import { useTranslation } from 'react-i18next';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import { useFollow } from '../../browser/use-follow.ts';
import { paths } from '../../navigation/paths.ts';

export interface PlotBreadcrumbsProps {
  memberId: string;
  /** Unknown while it loads. */
  memberName: string | undefined;
  /** The last crumb: the plot's name, or the screen's title. */
  current: string;
  /** The address of the current screen. */
  currentHref: string;
}

/** Home › Members › the member › the plot screen. */
export function PlotBreadcrumbs({ memberId, memberName, current, currentHref }: PlotBreadcrumbsProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  return (
    <BreadcrumbGroup
      ariaLabel={t('plots.breadcrumbs')}
      onFollow={follow}
      items={[
        { text: t('screens.home'), href: paths.home },
        { text: t('screens.members'), href: paths.members },
        { text: memberName || t('screens.member'), href: paths.member(memberId) },
        { text: current, href: currentHref },
      ]}
    />
  );
}
