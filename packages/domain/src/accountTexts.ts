import type { Language } from '@portal/contract';
import type { RefusalTexts } from './refusal.ts';

/** Refusals of a password change, in the member's language. */
export const passwordRefusals: RefusalTexts = {
  en: {
    invalid_current_password: () => 'The current password is not correct.',
    password_unchanged: () => 'The new password must be different from the current one.',
    password_too_short: (c) => `Use at least ${c.min_length} characters.`,
    password_too_long: (c) => `Use at most ${c.max_length} characters.`,
    password_breached: () =>
      'This password is one of the most common passwords and appears in known data breaches. Choose another one.',
  },
  de: {
    invalid_current_password: () => 'Das aktuelle Passwort ist nicht korrekt.',
    password_unchanged: () => 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
    password_too_short: (c) => `Verwenden Sie mindestens ${c.min_length} Zeichen.`,
    password_too_long: (c) => `Verwenden Sie höchstens ${c.max_length} Zeichen.`,
    password_breached: () =>
      'Dieses Passwort gehört zu den häufigsten Passwörtern und taucht in bekannten Datenlecks auf. Wählen Sie ein anderes.',
  },
  fr: {
    invalid_current_password: () => 'Le mot de passe actuel n’est pas correct.',
    password_unchanged: () => 'Le nouveau mot de passe doit être différent de l’actuel.',
    password_too_short: (c) => `Utilisez au moins ${c.min_length} caractères.`,
    password_too_long: (c) => `Utilisez au maximum ${c.max_length} caractères.`,
    password_breached: () =>
      'Ce mot de passe fait partie des plus courants et figure dans des fuites de données connues. Choisissez-en un autre.',
  },
  nb: {
    invalid_current_password: () => 'Det nåværende passordet er feil.',
    password_unchanged: () => 'Det nye passordet må være forskjellig fra det nåværende.',
    password_too_short: (c) => `Bruk minst ${c.min_length} tegn.`,
    password_too_long: (c) => `Bruk høyst ${c.max_length} tegn.`,
    password_breached: () =>
      'Dette passordet er blant de vanligste passordene og finnes i kjente datalekkasjer. Velg et annet.',
  },
  fi: {
    invalid_current_password: () => 'Nykyinen salasana on väärin.',
    password_unchanged: () => 'Uuden salasanan on oltava eri kuin nykyinen.',
    password_too_short: (c) => `Käytä vähintään ${c.min_length} merkkiä.`,
    password_too_long: (c) => `Käytä enintään ${c.max_length} merkkiä.`,
    password_breached: () =>
      'Tämä salasana on yksi yleisimmistä salasanoista, ja se esiintyy tunnetuissa tietovuodoissa. Valitse toinen.',
  },
};

interface NoticeInput {
  /** When, formatted for the member. */
  at: string;
  supportEmail: string;
}

/** The notice that the password was changed, so a member who did not do it can act. */
export const passwordChangedMail: Record<Language, (p: NoticeInput) => { subject: string; body: string }> = {
  en: ({ at, supportEmail }) => ({
    subject: 'Your password was changed',
    body: `the password of your member account was changed on ${at}. You have been signed out on all other devices.\n\nIf this was not you, reset your password right away with "Forgot your password?" on the sign-in page and let us know at ${supportEmail}.`,
  }),
  de: ({ at, supportEmail }) => ({
    subject: 'Ihr Passwort wurde geändert',
    body: `das Passwort Ihres Mitgliedskontos wurde am ${at} geändert. Auf allen anderen Geräten wurden Sie abgemeldet.\n\nWenn Sie das nicht waren, setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück und informieren Sie uns unter ${supportEmail}.`,
  }),
  fr: ({ at, supportEmail }) => ({
    subject: 'Votre mot de passe a été modifié',
    body: `le mot de passe de votre compte membre a été modifié le ${at}. Vous avez été déconnecté(e) de tous vos autres appareils.\n\nSi vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion et prévenez-nous à ${supportEmail}.`,
  }),
  nb: ({ at, supportEmail }) => ({
    subject: 'Passordet ditt er endret',
    body: `passordet til medlemskontoen din ble endret ${at}. Du er logget ut på alle andre enheter.\n\nHvis det ikke var deg, må du tilbakestille passordet med «Glemt passordet?» på innloggingssiden med en gang og gi oss beskjed på ${supportEmail}.`,
  }),
  fi: ({ at, supportEmail }) => ({
    subject: 'Salasanasi on vaihdettu',
    body: `jäsentilisi salasana vaihdettiin ${at}. Sinut on kirjattu ulos kaikilla muilla laitteilla.\n\nJos et tehnyt tätä itse, vaihda salasanasi heti kirjautumissivun kohdasta ”Unohditko salasanasi?” ja ilmoita meille osoitteeseen ${supportEmail}.`,
  }),
};
