import createWrapper from '@cloudscape-design/components/test-utils/dom';

/** Cloudscape's test wrapper of the whole page, to find its components as a user sees them. */
export const cloudscape = () => createWrapper(document.body);

/** The open Cloudscape modal, if any (a closed one stays in the page, hidden). */
export const visibleDialog = () =>
  cloudscape()
    .findAllModals()
    .find((modal) => modal.isVisible());

export const dialogVisible = () => visibleDialog() !== undefined;

/** Header and content of the open modal. */
export const dialogTexts = () => {
  const dialog = visibleDialog();
  return dialog
    ? {
        header: dialog.findHeader().getElement().textContent,
        content: dialog.findContent().getElement().textContent,
      }
    : null;
};
