import type { Language } from '@portal/contract';
import { MAIL_GREETING } from './memberMail.ts';

/*
 * The account e-mails (reset link, failed sign-ins notice, invitation) in every catalogue
 * language: the server's jobs send them, and the demo shows the same text in its outbox.
 */

/** A session lasts this long from sign-in. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A password-reset link works this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

interface ResetMail {
  subject: (brand: string) => string;
  body: (p: { firstName: string; brand: string; link: string }) => string;
}

/** The password-reset e-mail in every catalogue language. */
export const resetMail: Record<Language, ResetMail> = {
  en: {
    subject: (brand) => `Reset your ${brand} password`,
    body: ({ firstName, brand, link }) =>
      `${MAIL_GREETING.en(firstName)}\n\nsomeone, hopefully you, asked to reset the password of your ${brand} member account.\n\nChoose a new password here:\n${link}\n\nThe link works once and expires in one hour. If you did not ask for this, ignore this e-mail; your password stays the same.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Ihr Passwort bei ${brand} zurücksetzen`,
    body: ({ firstName, brand, link }) =>
      `${MAIL_GREETING.de(firstName)}\n\njemand, hoffentlich Sie, möchte das Passwort Ihres Mitgliedskontos bei ${brand} zurücksetzen.\n\nHier können Sie ein neues Passwort wählen:\n${link}\n\nDer Link funktioniert einmal und ist eine Stunde gültig. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Réinitialisez votre mot de passe ${brand}`,
    body: ({ firstName, brand, link }) =>
      `${MAIL_GREETING.fr(firstName)}\n\nnous avons reçu une demande de réinitialisation du mot de passe de votre compte membre ${brand}.\n\nChoisissez un nouveau mot de passe ici :\n${link}\n\nCe lien ne fonctionne qu’une fois et expire dans une heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Tilbakestill passordet ditt hos ${brand}`,
    body: ({ firstName, brand, link }) =>
      `${MAIL_GREETING.nb(firstName)}\n\nNoen, forhåpentligvis du, har bedt om å tilbakestille passordet til medlemskontoen din hos ${brand}.\n\nVelg et nytt passord her:\n${link}\n\nLenken virker én gang og utløper om én time. Hvis det ikke var deg, kan du se bort fra denne e-posten; passordet ditt forblir det samme.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `Vaihda ${brand} -salasanasi`,
    body: ({ firstName, brand, link }) =>
      `${MAIL_GREETING.fi(firstName)}\n\nsaimme pyynnön vaihtaa ${brand} -jäsentilisi salasanan.\n\nValitse uusi salasana tästä:\n${link}\n\nLinkki toimii kerran ja vanhenee tunnin kuluttua. Jos et pyytänyt vaihtoa, voit jättää tämän viestin huomiotta; salasanasi pysyy ennallaan.\n\n${brand}`,
  },
};

interface SignInNoticeMail {
  subject: (brand: string) => string;
  body: (p: { firstName: string; brand: string; failures: number; minutes: number; link: string }) => string;
}

/**
 * The notice of many failed sign-ins (ADR 005), at most once per window: the account is
 * not locked, so the member learns of it here, with a way out if it was them.
 */
export const signInNoticeMail: Record<Language, SignInNoticeMail> = {
  en: {
    subject: (brand) => `Failed sign-ins to your ${brand} account`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `${MAIL_GREETING.en(firstName)}\n\nin the last ${minutes} minutes, someone tried ${failures} times to sign in to your ${brand} member account with a wrong password.\n\nIf that was you and you have forgotten your password, choose a new one here:\n${link}\n\nIf it was not you, your account is still protected: we slow down and block further attempts, and you can sign in as usual. Use a password that you do not use anywhere else.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Fehlgeschlagene Anmeldeversuche in Ihrem Mitgliedskonto bei ${brand}`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `${MAIL_GREETING.de(firstName)}\n\nin den letzten ${minutes} Minuten wurde ${failures}-mal versucht, sich mit einem falschen Passwort unter Ihrem Benutzernamen bei ${brand} anzumelden.\n\nWenn Sie das waren und Ihr Passwort vergessen haben, können Sie hier ein neues wählen:\n${link}\n\nWenn Sie das nicht waren, bleibt Ihr Konto geschützt: Weitere Versuche bremsen und sperren wir, und Sie können sich wie gewohnt anmelden. Verwenden Sie ein Passwort, das Sie nirgendwo sonst nutzen.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Tentatives de connexion échouées sur votre compte ${brand}`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `${MAIL_GREETING.fr(firstName)}\n\nau cours des ${minutes} dernières minutes, quelqu’un a essayé ${failures} fois de se connecter à votre compte membre ${brand} avec un mot de passe erroné.\n\nSi c’était vous et que vous avez oublié votre mot de passe, choisissez-en un nouveau ici :\n${link}\n\nSi ce n’était pas vous, votre compte reste protégé : nous ralentissons puis bloquons les tentatives suivantes, et vous pouvez vous connecter comme d’habitude. Choisissez un mot de passe que vous n’utilisez nulle part ailleurs.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Mislykkede innloggingsforsøk på kontoen din hos ${brand}`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `${MAIL_GREETING.nb(firstName)}\n\nDe siste ${minutes} minuttene har noen prøvd ${failures} ganger å logge inn på medlemskontoen din hos ${brand} med feil passord.\n\nHvis det var deg og du har glemt passordet, kan du velge et nytt her:\n${link}\n\nHvis det ikke var deg, er kontoen din fortsatt beskyttet: vi bremser og blokkerer nye forsøk, og du kan logge inn som vanlig. Bruk et passord som du ikke bruker noe annet sted.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `Epäonnistuneita kirjautumisyrityksiä ${brand} -tilillesi`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `${MAIL_GREETING.fi(firstName)}\n\njoku yritti viimeisten ${minutes} minuutin aikana ${failures} kertaa kirjautua ${brand} -jäsentilillesi väärällä salasanalla.\n\nJos yritit itse kirjautua ja olet unohtanut salasanasi, voit valita uuden tästä:\n${link}\n\nJos et yrittänyt kirjautua itse, tilisi on silti suojattu: hidastamme ja estämme uudet yritykset, ja voit kirjautua sisään tavalliseen tapaan. Käytä salasanaa, jota et käytä missään muualla.\n\n${brand}`,
  },
};

interface InvitationMail {
  subject: (brand: string) => string;
  body: (p: { firstName: string; brand: string; link: string; username: string }) => string;
}

/**
 * The invitation an imported member gets to set their first password (docs/operations.md),
 * in every catalogue language; the link opens the portal's set-password page and works once
 * for seven days (INVITATION_TTL_MS).
 */
export const invitationMail: Record<Language, InvitationMail> = {
  en: {
    subject: (brand) => `Your ${brand} member account is ready`,
    body: ({ firstName, brand, link, username }) =>
      `${MAIL_GREETING.en(firstName)}\n\nyour ${brand} membership now comes with an online member account: see your membership, invoices and workouts, and change your details or freeze your membership yourself.\n\nChoose your password here to get started:\n${link}\n\nYour username is ${username}. The link works once and is valid for 7 days; after that, use "Forgot your password?" on the sign-in page.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Ihr Mitgliedskonto bei ${brand} ist bereit`,
    body: ({ firstName, brand, link, username }) =>
      `${MAIL_GREETING.de(firstName)}\n\nzu Ihrer Mitgliedschaft bei ${brand} gehört jetzt ein Online-Mitgliedskonto: Dort sehen Sie Ihre Mitgliedschaft, Rechnungen und Trainings und können Ihre Daten ändern oder Ihre Mitgliedschaft pausieren.\n\nHier legen Sie Ihr Passwort fest:\n${link}\n\nIhr Benutzername ist ${username}. Der Link funktioniert einmal und ist 7 Tage gültig; danach nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Votre compte membre ${brand} est prêt`,
    body: ({ firstName, brand, link, username }) =>
      `${MAIL_GREETING.fr(firstName)}\n\nvotre abonnement ${brand} s’accompagne désormais d’un compte membre en ligne : vous y retrouvez votre abonnement, vos factures et vos entraînements, et vous pouvez modifier vos coordonnées ou suspendre votre abonnement vous-même.\n\nChoisissez votre mot de passe ici pour commencer :\n${link}\n\nVotre nom d’utilisateur est ${username}. Ce lien ne fonctionne qu’une fois et reste valable 7 jours ; ensuite, utilisez « Mot de passe oublié ? » sur la page de connexion.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Medlemskontoen din hos ${brand} er klar`,
    body: ({ firstName, brand, link, username }) =>
      `${MAIL_GREETING.nb(firstName)}\n\nMedlemskapet ditt hos ${brand} har nå en medlemskonto på nett: Der ser du medlemskapet, fakturaene og treningsøktene dine, og du kan selv endre opplysningene dine eller fryse medlemskapet.\n\nVelg passordet ditt her for å komme i gang:\n${link}\n\nBrukernavnet ditt er ${username}. Lenken virker én gang og er gyldig i 7 dager; etter det bruker du «Glemt passordet?» på innloggingssiden.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `${brand} -jäsentilisi on valmis`,
    body: ({ firstName, brand, link, username }) =>
      `${MAIL_GREETING.fi(firstName)}\n\n${brand} -jäsenyyteesi kuuluu nyt verkossa toimiva jäsentili: näet siellä jäsenyytesi, laskusi ja treenisi, ja voit itse muuttaa tietojasi tai jäädyttää jäsenyytesi.\n\nValitse salasanasi tästä, niin pääset alkuun:\n${link}\n\nKäyttäjätunnuksesi on ${username}. Linkki toimii kerran ja on voimassa 7 päivää. Sen jälkeen voit käyttää kirjautumissivun kohtaa ”Unohditko salasanasi?”.\n\n${brand}`,
  },
};

interface PasswordResetNoticeMail {
  subject: (brand: string) => string;
  body: (p: { firstName: string; brand: string; at: string; supportEmail: string; link: string }) => string;
}

/**
 * The notice after a password was set through a reset link (docs/security.md, R8): a member
 * whose mailbox someone else reads learns of it, and how to take the account back.
 */
export const passwordResetNoticeMail: Record<Language, PasswordResetNoticeMail> = {
  en: {
    subject: (brand) => `Your ${brand} password was reset`,
    body: ({ firstName, brand, at, supportEmail, link }) =>
      `${MAIL_GREETING.en(firstName)}\n\nthe password of your ${brand} member account was reset with an e-mailed link on ${at}. You have been signed out on all devices.\n\nIf this was not you, someone can read your e-mail: secure your mailbox first, then choose a new password here:\n${link}\nand let us know at ${supportEmail}.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Ihr Passwort bei ${brand} wurde zurückgesetzt`,
    body: ({ firstName, brand, at, supportEmail, link }) =>
      `${MAIL_GREETING.de(firstName)}\n\ndas Passwort Ihres Mitgliedskontos bei ${brand} wurde am ${at} über einen per E-Mail gesendeten Link zurückgesetzt. Auf allen Geräten wurden Sie abgemeldet.\n\nWenn Sie das nicht waren, kann jemand Ihre E-Mails lesen: Sichern Sie zuerst Ihr E-Mail-Konto, wählen Sie dann hier ein neues Passwort:\n${link}\nund informieren Sie uns unter ${supportEmail}.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Votre mot de passe ${brand} a été réinitialisé`,
    body: ({ firstName, brand, at, supportEmail, link }) =>
      `${MAIL_GREETING.fr(firstName)}\n\nle mot de passe de votre compte membre ${brand} a été réinitialisé le ${at} au moyen d’un lien envoyé par e-mail. Vous avez été déconnecté(e) de tous vos appareils.\n\nSi vous n’êtes pas à l’origine de cette réinitialisation, quelqu’un peut lire vos e-mails : sécurisez d’abord votre messagerie, puis choisissez un nouveau mot de passe ici :\n${link}\net prévenez-nous à ${supportEmail}.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Passordet ditt hos ${brand} er tilbakestilt`,
    body: ({ firstName, brand, at, supportEmail, link }) =>
      `${MAIL_GREETING.nb(firstName)}\n\nPassordet til medlemskontoen din hos ${brand} ble tilbakestilt ${at} med en lenke sendt på e-post. Du er logget ut på alle enheter.\n\nHvis det ikke var deg, kan noen lese e-posten din: Sikre e-postkontoen din først, velg deretter et nytt passord her:\n${link}\nog gi oss beskjed på ${supportEmail}.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `${brand} -salasanasi on vaihdettu palautuslinkillä`,
    body: ({ firstName, brand, at, supportEmail, link }) =>
      `${MAIL_GREETING.fi(firstName)}\n\n${brand} -jäsentilisi salasana vaihdettiin ${at} sähköpostitse lähetetyllä linkillä. Sinut on kirjattu ulos kaikilla laitteilla.\n\nJos et tehnyt tätä itse, joku voi lukea sähköpostiasi: suojaa ensin sähköpostitilisi, valitse sitten uusi salasana tästä:\n${link}\nja ilmoita meille osoitteeseen ${supportEmail}.\n\n${brand}`,
  },
};
