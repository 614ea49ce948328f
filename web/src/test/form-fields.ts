import { act } from '@testing-library/react';
import { cloudscape } from './render-app.tsx';

/** The error texts the page's form fields show, in the page's order. */
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

/** Types a value into the input of this name, as the user would. */
export const typeInto = async (name: string, value: string) => {
  await act(async () => inputNamed(name)?.setInputValue(value));
};
