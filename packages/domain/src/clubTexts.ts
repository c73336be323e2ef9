import type { Language } from '@portal/contract';
import type { RefusalTexts } from './refusal.ts';

/** Refusals of a club change, in the member's language. */
export const clubRefusals: RefusalTexts = {
  en: {
    invalid_status_to_change_club: (c) => `The home club cannot be changed while the status is ${c.status}.`,
    unknown_club: () => 'There is no such club.',
    club_not_in_product: () => 'Your membership does not include this club.',
    club_not_open_yet: (c) => `This club opens on ${c.opening_date} and cannot be chosen before then.`,
    club_closed: () => 'This club has closed and can no longer be chosen.',
  },
  de: {
    invalid_status_to_change_club: (c) => `Der Stammclub kann im Status ${c.status} nicht geändert werden.`,
    unknown_club: () => 'Diesen Club gibt es nicht.',
    club_not_in_product: () => 'Dieser Club ist in Ihrer Mitgliedschaft nicht enthalten.',
    club_not_open_yet: (c) => `Dieser Club öffnet am ${c.opening_date} und kann erst dann gewählt werden.`,
    club_closed: () => 'Dieser Club ist geschlossen und kann nicht mehr gewählt werden.',
  },
  fr: {
    invalid_status_to_change_club: (c) =>
      `Votre club d’attache ne peut pas être modifié tant que votre abonnement est au statut «\u00a0${c.status}\u00a0».`,
    unknown_club: () => 'Ce club n’existe pas.',
    club_not_in_product: () => 'Votre abonnement ne comprend pas ce club.',
    club_not_open_yet: (c) => `Ce club ouvre le ${c.opening_date} et ne peut pas être choisi avant.`,
    club_closed: () => 'Ce club a fermé et ne peut plus être choisi.',
  },
  nb: {
    invalid_status_to_change_club: (c) => `Hjemmesenteret kan ikke endres så lenge statusen er ${c.status}.`,
    unknown_club: () => 'Dette senteret finnes ikke.',
    club_not_in_product: () => 'Medlemskapet ditt omfatter ikke dette senteret.',
    club_not_open_yet: (c) => `Dette senteret åpner ${c.opening_date} og kan ikke velges før da.`,
    club_closed: () => 'Dette senteret er stengt og kan ikke velges lenger.',
  },
  fi: {
    invalid_status_to_change_club: (c) =>
      `Kotikeskusta ei voi vaihtaa, kun jäsenyytesi tila on ”${c.status}”.`,
    unknown_club: () => 'Tätä kuntokeskusta ei löydy.',
    club_not_in_product: () => 'Jäsenyytesi ei sisällä tätä keskusta.',
    club_not_open_yet: (c) => `Tämä keskus avataan ${c.opening_date}, eikä sitä voi valita ennen sitä.`,
    club_closed: () => 'Tämä keskus on suljettu, eikä sitä voi enää valita.',
  },
};

/** The confirmation e-mail of a club change. */
export const clubChangedMail: Record<Language, (club: string) => { subject: string; body: string }> = {
  en: (club) => ({
    subject: 'Your home club has changed',
    body: `your home club is now ${club}. You can change it again at any time in the member portal.`,
  }),
  de: (club) => ({
    subject: 'Ihr Stammclub wurde geändert',
    body: `Ihr Stammclub ist jetzt ${club}. Sie können ihn jederzeit im Mitgliederportal wieder ändern.`,
  }),
  fr: (club) => ({
    subject: 'Votre club d’attache a changé',
    body: `votre club d’attache est désormais ${club}. Vous pouvez le modifier à tout moment dans votre espace membre.`,
  }),
  nb: (club) => ({
    subject: 'Hjemmesenteret ditt er endret',
    body: `hjemmesenteret ditt er nå ${club}. Du kan endre det igjen når som helst i medlemsportalen.`,
  }),
  fi: (club) => ({
    subject: 'Kotikeskuksesi on vaihdettu',
    body: `kotikeskuksesi on nyt ${club}. Voit vaihtaa sen milloin tahansa jäsenportaalissa.`,
  }),
};
