import { act } from '@testing-library/react';
import { cloudscape } from './render-app.tsx';

/** The error texts under the form fields, in the page's order (Cloudscape also repeats them in a live region). */
export const fieldErrors = () =>
  cloudscape()
    .findAllFormFields()
    .map((field) => field.findError()?.getElement().textContent)
    .filter(Boolean);

/** The Cloudscape input whose native input has this name. */
export const inputNamed = (name: string) =>
  cloudscape()
    .findAllInputs()
    .find((candidate) => candidate.findNativeInput().getElement().name === name);

/** Types over an input at once (typing key by key is slow on a busy machine). */
export const typeInto = async (name: string, value: string) => {
  await act(async () => inputNamed(name)?.setInputValue(value));
};
