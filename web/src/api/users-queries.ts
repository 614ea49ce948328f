import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { listUsers } from './users.ts';

/** The users the administrator manages; there is no single-user read, a user is found here. */
export const useUsers = () => useQuery({ queryKey: queryKeys.users.all, queryFn: () => listUsers() });
