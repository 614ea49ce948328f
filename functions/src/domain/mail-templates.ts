import type { MailMessage } from '#platform/mail.ts';

export type Language = 'en' | 'fr';

interface Texts {
  subject: string;
  body: (fields: Record<string, string>) => string;
}

const templates = {
  registration: {
    en: {
      subject: 'Your crop-protection back-office account',
      body: ({ username, link }) =>
        `Hello ${username},\n\nAn account was created for you. Choose your password here (the link works once, for 7 days):\n${link}\n`,
    },
    fr: {
      subject: 'Votre compte sur le back-office de protection des cultures',
      body: ({ username, link }) =>
        `Bonjour ${username},\n\nUn compte a été créé pour vous. Choisissez votre mot de passe ici (lien valable une fois, pendant 7 jours) :\n${link}\n`,
    },
  },
  renewal: {
    en: {
      subject: 'Renew your password',
      body: ({ username, link }) =>
        `Hello ${username},\n\nSet a new password here (the link works once, for 24 hours):\n${link}\n\nIf you did not ask for it, you can ignore this mail.\n`,
    },
    fr: {
      subject: 'Renouvelez votre mot de passe',
      body: ({ username, link }) =>
        `Bonjour ${username},\n\nChoisissez un nouveau mot de passe ici (lien valable une fois, pendant 24 heures) :\n${link}\n\nSi vous n'avez rien demandé, ignorez ce message.\n`,
    },
  },
  accountLocked: {
    en: {
      subject: 'An account was locked after repeated bad passwords',
      body: ({ email }) =>
        `The account ${email} was locked after 5 bad passwords in a row.\nIt stays locked until its owner sets a new password through a renewal link, or an administrator forces a renewal.\n`,
    },
    fr: {
      subject: 'Un compte a été bloqué après des mots de passe erronés',
      body: ({ email }) =>
        `Le compte ${email} a été bloqué après 5 mots de passe erronés successifs.\nIl reste bloqué jusqu'à ce que son titulaire choisisse un nouveau mot de passe via un lien de renouvellement, ou qu'un administrateur force un renouvellement.\n`,
    },
  },
} satisfies Record<string, Record<Language, Texts>>;

export type MailTemplate = keyof typeof templates;

/** A mail in the recipient's language (English when unknown). */
export const composeMail = (
  template: MailTemplate,
  language: string | undefined,
  to: string,
  fields: Record<string, string>,
): MailMessage => {
  const texts: Texts = templates[template][language === 'fr' ? 'fr' : 'en'];
  return { to: [to], subject: texts.subject, text: texts.body(fields) };
};
