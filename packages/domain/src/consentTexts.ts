import type { Language } from '@portal/contract';

export interface ConsentMail {
  subject: string;
  body: string;
}

/** The confirmation e-mail of a consent change: given, or withdrawn. */
export const consentMail: Record<Language, Record<'given' | 'withdrawn', ConsentMail>> = {
  en: {
    given: {
      subject: 'You will receive our offers and news',
      body: 'thank you: from now on we will send you offers and news by e-mail. You can withdraw this consent at any time in the member portal, just as easily.',
    },
    withdrawn: {
      subject: 'You will no longer receive offers and news',
      body: 'you have withdrawn your consent: we will no longer send you offers and news. Messages about your membership still reach you. You can give your consent again at any time in the member portal.',
    },
  },
  de: {
    given: {
      subject: 'Sie erhalten ab jetzt unsere Angebote und Neuigkeiten',
      body: 'vielen Dank: Ab jetzt senden wir Ihnen Angebote und Neuigkeiten per E-Mail. Sie können diese Einwilligung jederzeit genauso einfach im Mitgliederportal widerrufen.',
    },
    withdrawn: {
      subject: 'Sie erhalten keine Angebote und Neuigkeiten mehr',
      body: 'Sie haben Ihre Einwilligung widerrufen: Wir senden Ihnen keine Angebote und Neuigkeiten mehr. Nachrichten zu Ihrer Mitgliedschaft erhalten Sie weiterhin. Sie können Ihre Einwilligung jederzeit im Mitgliederportal wieder erteilen.',
    },
  },
  fr: {
    given: {
      subject: 'Vous recevrez nos offres et nouveautés',
      body: 'merci : nous vous enverrons désormais nos offres et nouveautés par e-mail. Vous pouvez retirer ce consentement à tout moment, tout aussi simplement, dans votre espace membre.',
    },
    withdrawn: {
      subject: 'Vous ne recevrez plus nos offres et nouveautés',
      body: 'vous avez retiré votre consentement : nous ne vous enverrons plus d’offres ni de nouveautés. Les messages concernant votre abonnement vous parviennent toujours. Vous pouvez redonner votre consentement à tout moment dans votre espace membre.',
    },
  },
  nb: {
    given: {
      subject: 'Du får nå tilbud og nyheter fra oss',
      body: 'takk: fra nå av sender vi deg tilbud og nyheter på e-post. Du kan trekke tilbake samtykket når som helst i medlemsportalen, like enkelt.',
    },
    withdrawn: {
      subject: 'Du får ikke lenger tilbud og nyheter',
      body: 'du har trukket tilbake samtykket ditt: vi sender deg ikke lenger tilbud og nyheter. Meldinger om medlemskapet ditt får du fortsatt. Du kan gi samtykke igjen når som helst i medlemsportalen.',
    },
  },
  fi: {
    given: {
      subject: 'Saat nyt tarjouksemme ja uutisemme',
      body: 'kiitos: lähetämme sinulle tästä lähtien tarjouksia ja uutisia sähköpostitse. Voit perua suostumuksesi milloin tahansa yhtä helposti jäsenportaalissa.',
    },
    withdrawn: {
      subject: 'Et saa enää tarjouksia etkä uutisia',
      body: 'olet perunut suostumuksesi: emme enää lähetä sinulle tarjouksia emmekä uutisia. Jäsenyyttäsi koskevat viestit saat edelleen. Voit antaa suostumuksesi uudelleen milloin tahansa jäsenportaalissa.',
    },
  },
};
