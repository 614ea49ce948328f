import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';

const PAGE_SIZE = 10;

export interface RecordTableProps<Row extends { id: string }> {
  title: string;
  records: readonly Row[];
  columns: TableProps.ColumnDefinition<Row>[];
  /** The records arrive newest first: the table starts sorted that way on this date column. */
  dateField: keyof Row & string;
  emptyText: string;
  onRowClick?: (record: Row) => void;
}

/** One of the member's record lists (contributions, benefits, paid benefits): sorted and paged here. */
export function RecordTable<Row extends { id: string }>({
  title,
  records,
  columns,
  dateField,
  emptyText,
  onRowClick,
}: RecordTableProps<Row>) {
  const { t } = useTranslation();
  const { items, collectionProps, paginationProps } = useCollection(records, {
    sorting: { defaultState: { sortingColumn: { sortingField: dateField }, isDescending: true } },
    pagination: { pageSize: PAGE_SIZE },
  });
  return (
    <Table<Row>
      {...collectionProps}
      variant="container"
      trackBy="id"
      items={items}
      columnDefinitions={columns}
      onRowClick={onRowClick && (({ detail }) => onRowClick(detail.item))}
      ariaLabels={{ tableLabel: title }}
      header={
        <Header variant="h2" counter={`(${records.length})`}>
          {title}
        </Header>
      }
      pagination={
        records.length > PAGE_SIZE ? (
          <Pagination
            {...paginationProps}
            ariaLabels={{
              nextPageLabel: t('members.list.pagination.next'),
              previousPageLabel: t('members.list.pagination.previous'),
              pageLabel: (page) => t('members.list.pagination.page', { page }),
            }}
          />
        ) : undefined
      }
      empty={
        <Box textAlign="center" color="inherit" padding="s">
          {emptyText}
        </Box>
      }
    />
  );
}
