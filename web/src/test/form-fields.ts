import { act } from '@testing-library/react';
import { cloudscape } from './cloudscape.ts';

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

/** Chooses an option (by its value) of the Cloudscape select in the form field of this label. */
export const chooseIn = (label: string, value: string) => {
  const select = cloudscape()
    .findAllFormFields()
    .find((field) => field.findLabel()?.getElement().textContent === label)
    ?.findControl()
    ?.findSelect();
  if (!select) throw new Error(`No select labelled ${label}`);
  act(() => select.openDropdown());
  act(() => select.selectOptionByValue(value));
};

/** The option shown by the Cloudscape select in the form field of this label. */
export const chosenIn = (label: string) =>
  cloudscape()
    .findAllFormFields()
    .find((field) => field.findLabel()?.getElement().textContent === label)
    ?.findControl()
    ?.findSelect()
    ?.findTrigger()
    .getElement().textContent;
