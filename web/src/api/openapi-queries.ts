import { useQuery } from '@tanstack/react-query';
import { getOpenApiDocument } from './openapi.ts';
import { queryKeys } from './query-keys.ts';

/** The API's OpenAPI document; not tried again by itself: the page offers a retry. */
export const useOpenApiDocument = () =>
  useQuery({ queryKey: queryKeys.openApi, queryFn: getOpenApiDocument, retry: false });
