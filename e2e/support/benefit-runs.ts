import { inject } from 'vitest';
import { apiWith, previewedRun } from '../../infra/local/bench/screen-sample.ts';
import './provided-context.ts';

/**
 * A benefit run started through the API as the screen starts one (an upload link, the file PUT there,
 * the start), followed until its preview is done: its id.
 */
export const previewedRunByApi = (token: string, csv: string): Promise<string> =>
  previewedRun(apiWith(inject('appUrl'), token), csv);
