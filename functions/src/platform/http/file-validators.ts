import { addFileValidators, loadValidators } from './validator.ts';

/**
 * Loads the validators of every schema, the import files' included. Imported only by the import
 * calls and the import worker: the files' validators would otherwise weigh on every function.
 */
export const loadFileValidators = async (): Promise<void> => {
  await loadValidators();
  addFileValidators(await import('./file-validators.generated.ts'));
};
