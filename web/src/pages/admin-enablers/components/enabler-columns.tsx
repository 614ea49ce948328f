import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import type { AdminEnabler } from '../../../api/enablers.ts';
import { formatDateTime } from '../../../common/format.ts';
import { enablerLinks } from '../enabler-links.ts';
import './enabler-images.css';

export interface EnablerRowActions {
  /** Cloudscape's onFollow for the links (edit, configs): a plain click stays in the app. */
  follow: NonNullable<ButtonProps['onFollow']>;
  onDelete: (enabler: AdminEnabler) => void;
  onShowCampaigns: (enabler: AdminEnabler) => void;
}

/** Spec section 2: logo, banner, name, id, latest config (or a red message without one), actions. */
export function enablerColumns(
  t: TFunction,
  { follow, onDelete, onShowCampaigns }: EnablerRowActions,
): TableProps.ColumnDefinition<AdminEnabler>[] {
  return [
    {
      id: 'logo',
      header: t('enablers.list.columns.logo'),
      cell: (enabler) =>
        enabler.logo ? (
          <img
            className="enabler-logo-thumbnail"
            src={enabler.logo}
            alt={t('enablers.list.logoAlt', { name: enabler.name })}
          />
        ) : (
          '-'
        ),
    },
    {
      id: 'name',
      header: t('enablers.list.columns.name'),
      cell: (enabler) => <strong>{enabler.name}</strong>,
      sortingField: 'name',
      isRowHeader: true,
    },
    {
      id: 'id',
      header: t('enablers.list.columns.id'),
      cell: (enabler) => (
        <Box variant="code" fontSize="body-s">
          {enabler.id}
        </Box>
      ),
      sortingField: 'id',
    },
    {
      id: 'banner',
      header: t('enablers.list.columns.banner'),
      cell: (enabler) =>
        enabler.banner ? (
          <img
            className="enabler-banner-thumbnail"
            src={enabler.banner}
            alt={t('enablers.list.bannerAlt', { name: enabler.name })}
          />
        ) : (
          '-'
        ),
    },
    {
      id: 'latestConfigVersion',
      header: t('enablers.list.columns.latestConfigVersion'),
      cell: (enabler) =>
        enabler.latestConfigVersion === null ? (
          <Box color="text-status-error" fontWeight="bold">
            {t('enablers.list.noConfig')}
          </Box>
        ) : (
          enabler.latestConfigVersion
        ),
      sortingField: 'latestConfigVersion',
    },
    {
      id: 'latestConfigDate',
      header: t('enablers.list.columns.latestConfigDate'),
      cell: (enabler) => formatDateTime(enabler.latestConfigDate) || '-',
      sortingField: 'latestConfigDate',
    },
    {
      id: 'actions',
      header: t('enablers.list.columns.actions'),
      cell: (enabler) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            iconName="edit"
            href={enablerLinks.edit(enabler.id)}
            onFollow={follow}
            ariaLabel={t('enablers.list.actions.editOf', { name: enabler.name })}
          >
            {t('enablers.list.actions.edit')}
          </Button>
          <Button
            variant="inline-link"
            iconName="settings"
            href={enablerLinks.configs(enabler.id)}
            onFollow={follow}
            ariaLabel={t('enablers.list.actions.configsOf', { name: enabler.name })}
          >
            {t('enablers.list.actions.configs')}
          </Button>
          <Button
            variant="inline-link"
            iconName="calendar"
            onClick={() => onShowCampaigns(enabler)}
            ariaLabel={t('enablers.list.actions.campaignsOf', { name: enabler.name })}
          >
            {t('enablers.list.actions.campaigns')}
          </Button>
          <Button
            variant="inline-link"
            iconName="remove"
            onClick={() => onDelete(enabler)}
            ariaLabel={t('enablers.list.actions.deleteOf', { name: enabler.name })}
          >
            {t('enablers.list.actions.delete')}
          </Button>
        </SpaceBetween>
      ),
    },
  ];
}
