import type { Locator } from 'playwright-core';
import { TranslatedPage, type Language } from './translated-page.ts';

export type Gender = 'female' | 'male';

/** What the onboarding form asks; name, village and number are required. */
export interface OnboardingFields {
  name?: string;
  village?: string;
  number?: string;
  federation?: string;
  phone?: string;
  bankName?: string;
  bankBranchName?: string;
  bankIFSC?: string;
  bankAccount?: string;
  gender?: Gender;
}

type TextField = Exclude<keyof OnboardingFields, 'gender'>;

const texts: Record<
  Language,
  {
    heading: string;
    submit: string;
    cancel: string;
    gender: string;
    genders: Record<Gender, string>;
    labels: Record<TextField, string>;
  }
> = {
  en: {
    heading: 'Add a member',
    submit: 'Add the member',
    cancel: 'Cancel',
    gender: 'Gender',
    genders: { female: 'Female', male: 'Man' },
    labels: {
      name: 'Name',
      village: 'Village',
      number: 'Number',
      federation: 'Federation',
      phone: 'Phone',
      bankName: 'Bank name',
      bankBranchName: 'Bank branch',
      bankIFSC: 'IFSC code',
      bankAccount: 'Bank account',
    },
  },
  fr: {
    heading: 'Ajouter un membre',
    submit: 'Ajouter le membre',
    cancel: 'Annuler',
    gender: 'Genre',
    genders: { female: 'Femme', male: 'Homme' },
    labels: {
      name: 'Nom',
      village: 'Village',
      number: 'Numéro',
      federation: 'Fédération',
      phone: 'Téléphone',
      bankName: 'Banque',
      bankBranchName: 'Agence bancaire',
      bankIFSC: 'Code IFSC',
      bankAccount: 'Compte bancaire',
    },
  },
};

const requiredFields: readonly TextField[] = ['name', 'village', 'number'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The onboarding form (/Onboarding): a new member of the session's enabler. */
export class OnboardingPage extends TranslatedPage(texts) {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.texts.heading, exact: true });
  }

  get submitButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.submit, exact: true });
  }

  /** The messages under the fields (required fields left empty). */
  get fieldErrors(): Locator {
    return this.page.locator('form [id$="-error"]');
  }

  /** A text field; the optional ones are labelled '<label> - optional'. */
  field(field: TextField): Locator {
    const label = this.texts.labels[field];
    return requiredFields.includes(field)
      ? this.page.getByLabel(label, { exact: true })
      : this.page.getByLabel(new RegExp(`^${escape(label)}\\b`));
  }

  async goto(): Promise<this> {
    await this.page.goto('/Onboarding');
    return this.shown();
  }

  async shown(): Promise<this> {
    await this.heading.waitFor({ state: 'visible' });
    return this;
  }

  async fill(fields: OnboardingFields): Promise<void> {
    for (const [field, value] of Object.entries(fields) as [keyof OnboardingFields, string][]) {
      if (field === 'gender') continue;
      await this.field(field).fill(value);
    }
    if (fields.gender) {
      await this.page.getByRole('button', { name: new RegExp(`^${escape(this.texts.gender)}\\b`) }).click();
      await this.page.getByRole('option', { name: this.texts.genders[fields.gender], exact: true }).click();
    }
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  /** Fills in and submits the form, then waits for the new member's page; resolves with the member id. */
  async onboard(fields: OnboardingFields): Promise<string> {
    await this.fill(fields);
    await this.submit();
    await this.page.waitForURL(/\/Member\/[^/]+$/);
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/').at(-1) ?? '');
  }
}
