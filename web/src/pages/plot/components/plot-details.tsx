import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import type { Plot } from '../../../api/plots.ts';
import { formatCoordinate } from '../../../common/plot-map/coordinates.ts';
import { irrigationKey } from '../../../common/plots/plot-fields.ts';
import { PlotId } from '../../../common/plots/plot-id.tsx';
import { isLocalId } from '../../../api/offline/queued-writes.ts';
import { useFollow } from '../../../browser/use-follow.ts';
import { paths } from '../../../navigation/paths.ts';

const NOT_SET = '—';

/** Name, member, crop, irrigation, coordinates and the config version that set the coverage dates. */
export function PlotDetails({ plot }: { plot: Plot }) {
  const { t, i18n } = useTranslation();
  const follow = useFollow();
  const coordinate = (value: number) => formatCoordinate(value, i18n.resolvedLanguage);

  return (
    <Container header={<Header variant="h2">{t('plots.detail.details')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('plots.fields.name'), value: plot.name },
          {
            label: t('plots.fields.id'),
            // A plot kept on the device has no id of the server's yet.
            value: isLocalId(plot.id) ? NOT_SET : <PlotId id={plot.id} name={plot.name} />,
          },
          {
            label: t('plots.fields.member'),
            value: (
              <Link href={paths.member(plot.memberId)} onFollow={follow}>
                {t('plots.values.member', { name: plot.memberName, number: plot.memberNumber })}
              </Link>
            ),
          },
          { label: t('plots.fields.crop'), value: plot.cropDescription || NOT_SET },
          { label: t('plots.fields.irrigated'), value: t(irrigationKey(plot.isIrrigated)) },
          {
            label: t('plots.fields.coordinates'),
            value: t('plots.values.coordinates', {
              latitude: coordinate(plot.latitude),
              longitude: coordinate(plot.longitude),
            }),
          },
          {
            label: t('plots.fields.configVersion'),
            value: plot.enablerConfig
              ? t('plots.values.configVersion', { version: plot.enablerConfig.version })
              : NOT_SET,
          },
        ]}
      />
    </Container>
  );
}
