import type { PreviewMember } from '#domain/benefit-preview.ts';

/** A member as a benefit preview reads it: in Fissel (Kaolack), no phone and no bank details unless given. */
export const previewMember = (id: string, fields: Partial<PreviewMember> = {}): PreviewMember => ({
  id,
  name: `Member ${id}`,
  number: `N-${id}`,
  village: 'Fissel',
  federation: 'Kaolack',
  phone: null,
  bankName: null,
  bankBranchName: null,
  bankIFSC: null,
  bankAccount: null,
  ...fields,
});
