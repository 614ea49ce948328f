import { afterAll } from 'vitest';
import { removeSynthFolders } from './stacks-under-test.ts';

// The infra projects' set-up: the synthesis folders of a test file's apps go with it.
afterAll(removeSynthFolders);
