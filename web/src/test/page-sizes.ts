import type { TableWrapper } from '@cloudscape-design/components/test-utils/dom';

/** The page sizes a table's preferences offer, by their labels. */
export const pageSizeLabels = (table: TableWrapper | null | undefined): string[] => {
  const preferences = table?.findCollectionPreferences();
  preferences?.findTriggerButton().click();
  const labels = (preferences?.findModal()?.findPageSizePreference()?.findOptions() ?? []).map(
    (option) => option.findLabel().getElement().textContent ?? '',
  );
  preferences?.findModal()?.findCancelButton()?.click();
  return labels;
};

/** Chooses a page size in a table's preferences, by its label, and confirms. */
export const choosePageSize = (table: TableWrapper | null | undefined, label: string): void => {
  const preferences = table?.findCollectionPreferences();
  preferences?.findTriggerButton().click();
  const options = preferences?.findModal()?.findPageSizePreference()?.findOptions() ?? [];
  options
    .find((option) => option.findLabel().getElement().textContent === label)
    ?.findNativeInput()
    .click();
  preferences?.findModal()?.findConfirmButton()?.click();
};
