import type { TFunction } from 'i18next';

/** The pagination's labels of every administrator's table, in the user's language. */
export const paginationLabels = (t: TFunction) => ({
  nextPageLabel: t('adminTable.pagination.next'),
  previousPageLabel: t('adminTable.pagination.previous'),
  pageLabel: (page: number) => t('adminTable.pagination.page', { page }),
});

/** The preference dialog's labels of every administrator's table (its page size). */
export const preferencesLabels = (t: TFunction) => ({
  title: t('adminTable.preferences.title'),
  confirmLabel: t('adminTable.preferences.confirm'),
  cancelLabel: t('adminTable.preferences.cancel'),
});
