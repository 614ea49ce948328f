import { describe, expect, it } from 'vitest';
import { accountNames, containsAccountName, PRODUCT_NAME } from './password-rules.ts';

describe("an account's names in a password", () => {
  it("are the e-mail's name, its parts of four letters or more, and the product's", () => {
    expect(accountNames('awa.diop@example.org')).toEqual(['awadiop', 'diop', PRODUCT_NAME]);
    expect(accountNames('jo.li@example.org')).toEqual(['joli', PRODUCT_NAME]);
    expect(accountNames('x@example.org')).toEqual([PRODUCT_NAME]);
    expect(accountNames()).toEqual([PRODUCT_NAME]);
  });

  it('are found whatever the case, the separators and the domain', () => {
    expect(containsAccountName('AWA_DIOP!2026', 'awa.diop@example.org')).toBe(true);
    expect(containsAccountName('crop Protection rules', 'someone@example.org')).toBe(true);
    expect(containsAccountName('example-org-rules', 'awa.diop@example.org')).toBe(false);
    expect(containsAccountName('a quiet river', 'awa.diop@example.org')).toBe(false);
  });
});
