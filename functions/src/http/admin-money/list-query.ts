import { parseAdminListQuery, type AdminList } from '@cpbo/schemas/admin-list-query.ts';
import { AppError } from '#platform/app-error.ts';

/** The query-string parameters of a list call, as the route's schema let them through. */
export type ListParameters = Record<string, string | undefined>;

/** The query of an administrator's list (page, size, one sort, filters); 400 for two sorts at once. */
export const listQueryOf = <List extends AdminList>(list: List, parameters: ListParameters) => {
  const query = parseAdminListQuery(list, parameters);
  if (query === 'TWO_SORTS')
    throw new AppError('ERR_INVALID_DATA_FORMAT', { message: 'Sort by one column at a time.' });
  if (query === 'INVALID') throw new AppError('ERR_INVALID_DATA_FORMAT');
  return query;
};
