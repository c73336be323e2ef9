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
