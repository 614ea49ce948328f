import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { TableWrapper } from '@cloudscape-design/components/test-utils/dom';

/** A table's preferences, once they have come (after the table's first answer) and can be opened. */
const preferencesOf = async (table: () => TableWrapper | null | undefined) => {
  await waitFor(() => expect(table()?.findCollectionPreferences()?.findTriggerButton()).toBeTruthy());
  return table()?.findCollectionPreferences();
};

/** The page sizes a table's preferences offer, by their labels. */
export const pageSizeLabels = async (table: () => TableWrapper | null | undefined): Promise<string[]> => {
  const preferences = await preferencesOf(table);
  preferences?.findTriggerButton().click();
  const labels = (preferences?.findModal()?.findPageSizePreference()?.findOptions() ?? []).map(
    (option) => option.findLabel().getElement().textContent ?? '',
  );
  preferences?.findModal()?.findCancelButton()?.click();
  return labels;
};

/** Chooses a page size in a table's preferences, by its label, and confirms. */
export const choosePageSize = async (
  table: () => TableWrapper | null | undefined,
  label: string,
): Promise<void> => {
  const preferences = await preferencesOf(table);
  preferences?.findTriggerButton().click();
  const options = preferences?.findModal()?.findPageSizePreference()?.findOptions() ?? [];
  options
    .find((option) => option.findLabel().getElement().textContent === label)
    ?.findNativeInput()
    .click();
  preferences?.findModal()?.findConfirmButton()?.click();
};
