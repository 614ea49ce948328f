import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { Plot } from '../../../api/plots.ts';
import { PlotId } from '../../../common/plots/plot-id.tsx';
import { useFollow } from '../../../browser/use-follow.ts';
import { paths } from '../../../navigation/paths.ts';
import { plotDetails } from '../detail-values.ts';

/** Name, member, crop, irrigation, coordinates and the config version that set the coverage dates. */
export function PlotDetails({ plot }: { plot: Plot }) {
  const { t, i18n } = useTranslation();
  const follow = useFollow();
  // The member is a link to the member's page.
  const member = (value: string) => (
    <Link href={paths.member(plot.memberId)} onFollow={follow}>
      {value}
    </Link>
  );
  return (
    <Container header={<Header variant="h2">{t('plots.detail.details')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={plotDetails(plot, t, i18n.resolvedLanguage).map(({ key, label, value, copied }) => ({
          label,
          value: copied ? <PlotId id={value} name={plot.name} /> : key === 'member' ? member(value) : value,
        }))}
      />
    </Container>
  );
}
