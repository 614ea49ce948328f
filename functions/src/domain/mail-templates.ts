import type { MailMessage } from '#platform/mail.ts';

export type Language = 'en' | 'fr';

/**
 * An instant (ISO 8601) as the recipient reads it: a long date and the time, in UTC (the mail does not
 * know their zone); as given when it is not one.
 */
const instantIn = (language: Language, iso = ''): string => {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const format = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return `${format.format(instant)} UTC`;
};

const whyMailedEn =
  'Every administrator is told of each new administrator: if you do not know why this account was made an administrator, deactivate it in Users and check who did it.';
const whyMailedFr =
  "Chaque administrateur est prévenu de chaque nouvel administrateur : si vous ne savez pas pourquoi ce compte est devenu administrateur, désactivez-le dans Utilisateurs et vérifiez qui l'a fait.";

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
  administratorCreated: {
    en: {
      subject: 'A new administrator account was created',
      body: ({ by, account, at }) =>
        `${by} created the administrator account ${account} on ${instantIn('en', at)}.\n\n${whyMailedEn}\n`,
    },
    fr: {
      subject: 'Un nouveau compte administrateur a été créé',
      body: ({ by, account, at }) =>
        `${by} a créé le compte administrateur ${account} le ${instantIn('fr', at)}.\n\n${whyMailedFr}\n`,
    },
  },
  administratorPromoted: {
    en: {
      subject: 'An account was made an administrator',
      body: ({ by, account, at }) =>
        `${by} made the account ${account} an administrator on ${instantIn('en', at)}.\n\n${whyMailedEn}\n`,
    },
    fr: {
      subject: 'Un compte est devenu administrateur',
      body: ({ by, account, at }) =>
        `${by} a rendu le compte ${account} administrateur le ${instantIn('fr', at)}.\n\n${whyMailedFr}\n`,
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
