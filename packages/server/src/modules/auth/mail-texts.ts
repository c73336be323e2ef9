import type { Language } from '@portal/contract';

interface ResetMail {
  subject: (brand: string) => string;
  body: (p: { firstName: string; brand: string; link: string }) => string;
}

/** The password-reset e-mail in every catalogue language. */
export const resetMail: Record<Language, ResetMail> = {
  en: {
    subject: (brand) => `Reset your ${brand} password`,
    body: ({ firstName, brand, link }) =>
      `Hello ${firstName},\n\nsomeone, hopefully you, asked to reset the password of your ${brand} member account.\n\nChoose a new password here:\n${link}\n\nThe link works once and expires in one hour. If you did not ask for this, ignore this e-mail; your password stays the same.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Setzen Sie Ihr ${brand} Passwort zurück`,
    body: ({ firstName, brand, link }) =>
      `Hallo ${firstName},\n\njemand, hoffentlich Sie, möchte das Passwort Ihres ${brand} Mitgliedskontos zurücksetzen.\n\nHier können Sie ein neues Passwort wählen:\n${link}\n\nDer Link funktioniert einmal und ist eine Stunde gültig. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Réinitialisez votre mot de passe ${brand}`,
    body: ({ firstName, brand, link }) =>
      `Bonjour ${firstName},\n\nquelqu’un, vous nous l’espérons, a demandé la réinitialisation du mot de passe de votre compte membre ${brand}.\n\nChoisissez un nouveau mot de passe ici :\n${link}\n\nCe lien ne fonctionne qu’une fois et expire dans une heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Tilbakestill passordet ditt hos ${brand}`,
    body: ({ firstName, brand, link }) =>
      `Hei ${firstName},\n\nnoen, forhåpentligvis du, har bedt om å tilbakestille passordet til medlemskontoen din hos ${brand}.\n\nVelg et nytt passord her:\n${link}\n\nLenken virker én gang og utløper om én time. Hvis det ikke var deg, kan du se bort fra denne e-posten; passordet ditt forblir det samme.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `Vaihda ${brand} -salasanasi`,
    body: ({ firstName, brand, link }) =>
      `Hei ${firstName},\n\njoku, toivottavasti sinä, pyysi ${brand} -jäsentilisi salasanan vaihtamista.\n\nValitse uusi salasana tästä:\n${link}\n\nLinkki toimii kerran ja vanhenee tunnin kuluttua. Jos et pyytänyt vaihtoa, voit jättää tämän viestin huomiotta; salasanasi pysyy ennallaan.\n\n${brand}`,
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
      `Hello ${firstName},\n\nin the last ${minutes} minutes, someone tried ${failures} times to sign in to your ${brand} member account with a wrong password.\n\nIf that was you and you have forgotten your password, choose a new one here:\n${link}\n\nIf it was not you, your account is still protected: we slow down and block further attempts, and you can sign in as usual. Use a password that you do not use anywhere else.\n\n${brand}`,
  },
  de: {
    subject: (brand) => `Fehlgeschlagene Anmeldeversuche bei Ihrem ${brand} Konto`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `Hallo ${firstName},\n\nin den letzten ${minutes} Minuten wurde ${failures}-mal versucht, sich mit einem falschen Passwort bei Ihrem ${brand} Mitgliedskonto anzumelden.\n\nWenn Sie das waren und Ihr Passwort vergessen haben, können Sie hier ein neues wählen:\n${link}\n\nWenn Sie das nicht waren, bleibt Ihr Konto geschützt: Weitere Versuche bremsen und sperren wir, und Sie können sich wie gewohnt anmelden. Verwenden Sie ein Passwort, das Sie nirgendwo sonst nutzen.\n\n${brand}`,
  },
  fr: {
    subject: (brand) => `Tentatives de connexion échouées sur votre compte ${brand}`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `Bonjour ${firstName},\n\nau cours des ${minutes} dernières minutes, quelqu’un a essayé ${failures} fois de se connecter à votre compte membre ${brand} avec un mot de passe erroné.\n\nSi c’était vous et que vous avez oublié votre mot de passe, choisissez-en un nouveau ici :\n${link}\n\nSi ce n’était pas vous, votre compte reste protégé : nous ralentissons puis bloquons les tentatives suivantes, et vous pouvez vous connecter comme d’habitude. Choisissez un mot de passe que vous n’utilisez nulle part ailleurs.\n\n${brand}`,
  },
  nb: {
    subject: (brand) => `Mislykkede innloggingsforsøk på kontoen din hos ${brand}`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `Hei ${firstName},\n\nde siste ${minutes} minuttene har noen prøvd ${failures} ganger å logge inn på medlemskontoen din hos ${brand} med feil passord.\n\nHvis det var deg og du har glemt passordet, kan du velge et nytt her:\n${link}\n\nHvis det ikke var deg, er kontoen din fortsatt beskyttet: vi bremser og blokkerer nye forsøk, og du kan logge inn som vanlig. Bruk et passord som du ikke bruker noe annet sted.\n\n${brand}`,
  },
  fi: {
    subject: (brand) => `Epäonnistuneita kirjautumisyrityksiä ${brand} -tilillesi`,
    body: ({ firstName, brand, failures, minutes, link }) =>
      `Hei ${firstName},\n\njoku yritti viimeisten ${minutes} minuutin aikana ${failures} kertaa kirjautua ${brand} -jäsentilillesi väärällä salasanalla.\n\nJos se olit sinä ja olet unohtanut salasanasi, voit valita uuden tästä:\n${link}\n\nJos se et ollut sinä, tilisi on edelleen suojattu: hidastamme ja estämme uudet yritykset, ja voit kirjautua sisään tavalliseen tapaan. Käytä salasanaa, jota et käytä missään muualla.\n\n${brand}`,
  },
};
