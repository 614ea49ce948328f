import type { TFunction } from 'i18next';
import Link, { type LinkProps } from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import type { EnablerConfigVersion } from '../../../api/enablers.ts';
import { formatDateTime, formatNumber } from '../../../common/format/format.ts';
import { paths } from '../../../navigation/paths.ts';

export interface ConfigColumnsOptions {
  enablerId: string;
  language: string;
  follow: NonNullable<LinkProps['onFollow']>;
}

/** The config's numbers, each in a column of its own, in the order of the file. */
const numberFields = [
  'maxCompensationFactor',
  'lengthOfSeasonInMonth',
  'lengthOfCoverageInMonth',
  'damageThreshold',
] as const satisfies readonly (keyof EnablerConfigVersion)[];

/** One row per version: the version opens its detail, where it can be downloaded. */
export function configColumns(
  t: TFunction,
  { enablerId, language, follow }: ConfigColumnsOptions,
): TableProps.ColumnDefinition<EnablerConfigVersion>[] {
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? '-' : formatNumber(value, language);
  return [
    {
      id: 'version',
      header: t('enablers.config.fields.version'),
      cell: (config) => (
        <Link href={paths.enablerConfig(enablerId, config._id)} onFollow={follow}>
          {t('enablers.config.versionLabel', { version: config.version })}
        </Link>
      ),
      isRowHeader: true,
      minWidth: 110,
    },
    {
      id: 'creationDate',
      header: t('enablers.config.fields.creationDate'),
      cell: (config) => formatDateTime(config.creationDate),
      minWidth: 150,
    },
    { id: 'currency', header: t('enablers.config.fields.currency'), cell: (config) => config.currency },
    ...numberFields.map((field): TableProps.ColumnDefinition<EnablerConfigVersion> => ({
      id: field,
      header: t(`enablers.config.fields.${field}`),
      cell: (config) => number(config[field]),
    })),
    {
      id: 'benefitFactorsByMonth',
      header: t('enablers.config.fields.benefitFactorsByMonth'),
      cell: (config) =>
        config.benefitFactorsByMonth.map((factor) => formatNumber(factor, language)).join(' · '),
    },
  ];
}
