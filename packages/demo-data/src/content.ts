import type { Language, Locale, MembershipStatus, OperatorId, WeeklyHours } from '@portal/contract';
import {
  formatCalendarDate,
  formatList,
  getOperator,
  hasReferral,
  type IsoDate,
  languageOf,
  spellFor,
  type OperatorSettings,
  operatorIds,
  plural,
  todayIn,
} from '@portal/domain';
import type * as schema from '@portal/db-schema';
import { operatorSeeds, productPresentation } from './seed-data.ts';

/*
 * Home's demo content (docs/home-content.md): for every operator and each language of its
 * locales, highlights (the new club's opening, the clubs' hours, a reminder for frozen
 * members, a referral nudge where the operator has a promotion) and three article teasers.
 * Opening dates and hours come from the seeded clubs, so the texts cannot contradict them.
 */

/** The statuses the referral nudge shows to: those that see referral, less in_cancellation (its reward would come after the end). */
const REFERRAL_NUDGE_STATUSES = (
  [
    'active',
    'in_trial',
    'presale',
    'in_cancellation',
    'in_freeze',
    'cancelled',
    'cancelled_in_presale',
    'cancelled_in_trial',
    'stopped',
  ] as const satisfies readonly MembershipStatus[]
).filter((s) => hasReferral(s) && s !== 'in_cancellation');

/** The club that opens next, as the news names it. */
interface NewClub {
  name: string;
  street: string;
  city: string;
  /** The opening date written out in the locale. */
  opensOn: string;
  /** The product's name in the language ("All Clubs"). */
  product: string;
}

interface Texts {
  /** Days 1 (Monday) to 7 (Sunday), and the words for a whole week. */
  days: readonly string[];
  everyDay: string;
  /** A run of days, e.g. Mon–Fri. */
  range(from: string, to: string, length: number): string;
  time(opens: string, closes: string): string;
  /** Joins the parts of a week's hours. */
  join(parts: string[]): string;
  news(club: NewClub): { title: string; content: string };
  /** `opening` and `staffed` are week texts (weeklyHoursText). */
  hours(opening: string, staffed: string): { title: string; content: string };
  freeze: { title: string; content: string };
  referral(promotion: { months: number; percentage: number }): { title: string; content: string };
  magazine: string;
  articles: { slug: string; title: string; body: string }[];
}

const hour = (hhmm: string, pad: boolean, sep: string) => {
  const [h, m] = hhmm.split(':');
  const hh = pad ? h! : String(Number(h));
  return m === '00' ? hh : `${hh}${sep}${m}`;
};
const listIn = (language: Language) => (parts: string[]) => formatList(parts, language);

const TEXTS: Record<Language, Texts> = {
  en: {
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    everyDay: 'every day',
    range: (from, to) => `${from}–${to}`,
    time: (opens, closes) => `${opens}–${closes}`,
    join: listIn('en'),
    news: (c) => ({
      title: `${c.name} opens on ${c.opensOn}`,
      content: `Our new club at ${c.street} in ${c.city} opens its doors on ${c.opensOn}. With an ${c.product} membership you can train there from day one.`,
    }),
    hours: (opening, staffed) => ({
      title: 'Opening hours',
      content: `All our clubs are open ${opening}. Our staff are there for you ${staffed}.`,
    }),
    freeze: {
      title: 'Your membership is frozen',
      content:
        'Your membership starts again by itself when the freeze ends – there is nothing you need to do. Want to come back sooner? You can change your freeze or end it early.',
    },
    referral: ({ months, percentage }) => {
      const count = plural(months, 'en', { one: 'one month', other: `${months} months` });
      const reward =
        percentage === 100
          ? `${count} free`
          : `${count} at ${percentage === 50 ? 'half price' : `${percentage}% off`}`;
      return {
        title: `Bring a friend: ${reward}`,
        content: `Share your referral code. For every friend who becomes a member, you get ${reward}.`,
      };
    },
    magazine: 'magazine',
    articles: [
      {
        slug: 'mobility-in-10-minutes',
        title: 'Mobility in 10 minutes',
        body: 'Five exercises for your hips, shoulders and back that fit into any warm-up – no equipment needed.',
      },
      {
        slug: 'your-first-week',
        title: 'Your first week at the club',
        body: 'How to find your way around, plan your first workouts and get help from our team.',
      },
      {
        slug: 'rest-days-count',
        title: 'Rest days count too',
        body: 'Sleep, food and rest: what your body needs between workouts to get stronger.',
      },
    ],
  },
  de: {
    days: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
    everyDay: 'täglich',
    range: (from, to) => `${from}–${to}`,
    time: (opens, closes) => `${hour(opens, false, ':')}–${hour(closes, false, ':')} Uhr`,
    join: listIn('de'),
    news: (c) => ({
      title: `${c.name} öffnet am ${c.opensOn}`,
      content: `Am ${c.opensOn} öffnet unser neuer Club: ${c.street}, ${c.city}. Mit der Mitgliedschaft „${c.product}“ trainieren Sie dort vom ersten Tag an.`,
    }),
    hours: (opening, staffed) => ({
      title: 'Öffnungszeiten',
      content: `Alle unsere Clubs sind ${opening} geöffnet. Unser Team ist ${staffed} für Sie da.`,
    }),
    freeze: {
      title: 'Ihre Mitgliedschaft ist pausiert',
      content:
        'Nach der Pause läuft Ihre Mitgliedschaft automatisch weiter – Sie müssen nichts tun. Sie möchten früher wiederkommen? Sie können Ihre Pause ändern oder vorzeitig beenden.',
    },
    referral: ({ months, percentage }) => {
      const terms =
        percentage === 100 ? 'gratis' : percentage === 50 ? 'zum halben Preis' : `mit ${percentage} % Rabatt`;
      return {
        title: `Freunde werben: ${plural(months, 'de', { one: 'ein Monat', other: `${months} Monate` })} ${terms}`,
        content: `Geben Sie Ihren Empfehlungscode weiter: Für jeden Freund, der Mitglied wird, erhalten Sie ${plural(months, 'de', { one: 'einen Monat', other: `${months} Monate` })} ${terms}.`,
      };
    },
    magazine: 'magazin',
    articles: [
      {
        slug: 'mobil-in-10-minuten',
        title: 'Mobil in 10 Minuten',
        body: 'Fünf Übungen für Hüfte, Schultern und Rücken, die in jedes Aufwärmen passen – ganz ohne Geräte.',
      },
      {
        slug: 'ihre-erste-woche',
        title: 'Ihre erste Woche im Club',
        body: 'So finden Sie sich zurecht, planen Ihre ersten Trainings und bekommen Hilfe von unserem Team.',
      },
      {
        slug: 'ruhetage-zaehlen',
        title: 'Auch Ruhetage zählen',
        body: 'Schlaf, Ernährung und Pausen: Was Ihr Körper zwischen den Trainings braucht, um stärker zu werden.',
      },
    ],
  },
  fr: {
    days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
    everyDay: 'tous les jours',
    range: (from, to, length) => (length === 2 ? `le ${from} et le ${to}` : `du ${from} au ${to}`),
    time: (opens, closes) => `de ${hour(opens, false, ' h ')} h à ${hour(closes, false, ' h ')} h`,
    join: listIn('fr'),
    news: (c) => ({
      title: `${c.name} ouvre le ${c.opensOn}`,
      content: `Notre nouveau club, ${c.street} à ${c.city}, ouvre ses portes le ${c.opensOn}. Avec l’abonnement «\u00a0${c.product}\u00a0», vous pouvez vous y entraîner dès le premier jour.`,
    }),
    hours: (opening, staffed) => ({
      title: 'Horaires d’ouverture',
      content: `Tous nos clubs sont ouverts ${opening}. Notre équipe est à votre disposition ${staffed}.`,
    }),
    freeze: {
      title: 'Votre abonnement est suspendu',
      content:
        'Votre abonnement reprend automatiquement à la fin de la suspension\u00a0: vous n’avez rien à faire. Vous souhaitez revenir plus tôt\u202f? Vous pouvez modifier votre suspension ou y mettre fin.',
    },
    referral: ({ months, percentage }) => {
      const reward =
        percentage === 100
          ? plural(months, 'fr', { one: 'un mois offert', other: `${months}\u00a0mois offerts` })
          : `${plural(months, 'fr', { one: 'un mois', other: `${months}\u00a0mois` })} ${percentage === 50 ? 'à moitié prix' : `avec ${percentage}\u00a0% de réduction`}`;
      return {
        title: `Parrainez un ami\u00a0: ${reward}`,
        content: `Partagez votre code de parrainage\u00a0: pour chaque ami qui s’abonne, vous profitez de ${reward}.`,
      };
    },
    magazine: 'magazine',
    articles: [
      {
        slug: 'mobilite-en-10-minutes',
        title: 'La mobilité en 10 minutes',
        body: 'Cinq exercices pour les hanches, les épaules et le dos, à intégrer à chaque échauffement – sans matériel.',
      },
      {
        slug: 'votre-premiere-semaine',
        title: 'Votre première semaine au club',
        body: 'Comment vous repérer, planifier vos premiers entraînements et obtenir l’aide de notre équipe.',
      },
      {
        slug: 'les-jours-de-repos-comptent',
        title: 'Les jours de repos comptent aussi',
        body: 'Sommeil, alimentation et récupération\u00a0: ce dont votre corps a besoin entre deux entraînements pour progresser.',
      },
    ],
  },
  nb: {
    days: ['man.', 'tir.', 'ons.', 'tor.', 'fre.', 'lør.', 'søn.'],
    everyDay: 'hver dag',
    range: (from, to) => `${from}–${to}`,
    time: (opens, closes) => `kl. ${hour(opens, true, '.')}–${hour(closes, true, '.')}`,
    join: listIn('nb'),
    news: (c) => ({
      title: `${c.name} åpner ${c.opensOn}`,
      content: `Det nye senteret vårt i ${c.street}, ${c.city}, åpner dørene ${c.opensOn}. Med medlemskapet «${c.product}» kan du trene der fra første dag.`,
    }),
    hours: (opening, staffed) => ({
      title: 'Åpningstider',
      content: `Alle sentrene våre har åpent ${opening}. Sentrene er betjent ${staffed}.`,
    }),
    freeze: {
      title: 'Medlemskapet ditt er fryst',
      content:
        'Medlemskapet starter automatisk igjen når frysen er over – du trenger ikke å gjøre noe. Vil du komme tilbake tidligere? Du kan endre frysen eller avslutte den før tiden.',
    },
    referral: ({ months, percentage }) => {
      const count = plural(months, 'nb', { one: 'én måned', other: `${months} måneder` });
      const reward =
        percentage === 100
          ? `${count} gratis`
          : `${count} ${percentage === 50 ? 'til halv pris' : `med ${percentage} % rabatt`}`;
      return {
        title: `Verv en venn: ${reward}`,
        content: `Del vervekoden din. For hver venn som blir medlem, får du ${reward}.`,
      };
    },
    magazine: 'magasin',
    articles: [
      {
        slug: 'bevegelighet-pa-10-minutter',
        title: 'Bevegelighet på 10 minutter',
        body: 'Fem øvelser for hofter, skuldre og rygg som passer inn i enhver oppvarming – uten utstyr.',
      },
      {
        slug: 'din-forste-uke',
        title: 'Din første uke på senteret',
        body: 'Slik finner du fram, planlegger de første øktene og får hjelp av oss på senteret.',
      },
      {
        slug: 'hviledager-teller',
        title: 'Hviledager teller også',
        body: 'Søvn, mat og hvile: Dette trenger kroppen mellom øktene for å bli sterkere.',
      },
    ],
  },
  fi: {
    days: ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su'],
    everyDay: 'joka päivä',
    range: (from, to) => `${from}–${to}`,
    time: (opens, closes) => `klo ${hour(opens, false, '.')}–${hour(closes, false, '.')}`,
    join: listIn('fi'),
    news: (c) => ({
      title: `${c.name} avautuu ${c.opensOn}`,
      content: `Uusi keskuksemme avaa ovensa ${c.opensOn} osoitteessa ${c.street}, ${c.city}. ${c.product} -\u2060jäsenyydellä voit treenata siellä heti ensimmäisestä päivästä alkaen.`,
    }),
    hours: (opening, staffed) => ({
      title: 'Aukioloajat',
      content: `Kaikki keskuksemme ovat auki ${opening}. Henkilökunta on paikalla ${staffed}.`,
    }),
    freeze: {
      title: 'Jäsenyytesi on jäädytetty',
      content:
        'Jäsenyytesi jatkuu automaattisesti, kun jäädytys päättyy – sinun ei tarvitse tehdä mitään. Haluatko palata aiemmin? Voit muuttaa jäädytystä tai lopettaa sen etuajassa.',
    },
    referral: ({ months, percentage }) => {
      const count = plural(months, 'fi', { one: 'kuukauden', other: `${months} kuukautta` });
      const reward =
        percentage === 100
          ? `${count} maksutta`
          : `${count} ${percentage === 50 ? 'puoleen hintaan' : `${percentage} %:n alennuksella`}`;
      return {
        title: `Vinkkaa kaverille: ${reward}`,
        content: `Jaa suosituskoodisi. Saat ${reward} jokaisesta kaverista, joka liittyy jäseneksi.`,
      };
    },
    magazine: 'lehti',
    articles: [
      {
        slug: 'liikkuvuutta-10-minuutissa',
        title: 'Liikkuvuutta 10 minuutissa',
        body: 'Viisi liikettä lantiolle, hartioille ja selälle. Sopivat mihin tahansa alkulämmittelyyn, eikä välineitä tarvita.',
      },
      {
        slug: 'ensimmainen-viikkosi',
        title: 'Ensimmäinen viikkosi kuntokeskuksessa',
        body: 'Näin löydät paikat, suunnittelet ensimmäiset treenisi ja saat apua henkilökunnaltamme.',
      },
      {
        slug: 'lepopaivatkin-ovat-tarkeita',
        title: 'Lepopäivätkin ovat tärkeitä',
        body: 'Uni, ruoka ja palautuminen: tätä kehosi tarvitsee treenien välissä vahvistuakseen.',
      },
    ],
  },
};

/** The article images below the web app's origin (packages/web/public/content), one per article slot. */
const ARTICLE_IMAGES = [
  '/content/mobility.svg',
  '/content/first-week.svg',
  '/content/rest-days.svg',
] as const;

/** No line break after the dash of a range (Sa–So, 10–21): a word joiner holds the two ends together. */
const keepTogether = (text: string) => text.replaceAll('–', '–\u2060');

/** A week's hours as the language writes them, e.g. "Mo–Fr 6–23 Uhr und Sa–So 8–22 Uhr". */
export function weeklyHoursText(language: Language, weekly: WeeklyHours): string {
  const t = TEXTS[language];
  const parts = weekly.map(({ days, opens, closes }) => {
    const sorted = [...days].sort((a, b) => a - b);
    const run = sorted.every((d, k) => k === 0 || d === sorted[k - 1]! + 1);
    const name = (d: number) => t.days[d - 1]!;
    const when =
      sorted.length === 7
        ? t.everyDay
        : run && sorted.length > 1
          ? t.range(name(sorted[0]!), name(sorted.at(-1)!), sorted.length)
          : sorted.map(name).join(', ');
    return `${keepTogether(when)} ${keepTogether(t.time(opens, closes)).replaceAll(' ', '\u00a0')}`;
  });
  return t.join(parts);
}

/** A calendar date written out in the locale (French writes the 1st of a month as "1er"). */
function longDate(date: IsoDate, locale: Locale): string {
  // Kept on one line: "1." alone at the end of a line reads badly.
  return formatCalendarDate(date, locale).replaceAll(' ', '\u00a0');
}

type HighlightRow = typeof schema.highlights.$inferSelect;
type ArticleRow = typeof schema.articles.$inferSelect;

interface UpcomingClub {
  id: string;
  name: string;
  openingDate: IsoDate;
  address: { street: string; postal_location: string };
}

/** Rows of one operator in one of its languages. */
export function contentRowsFor(
  operator: OperatorSettings,
  locale: Locale,
  upcoming: UpcomingClub | null,
): { highlights: HighlightRow[]; articles: ArticleRow[] } {
  const op = operator.id;
  const language = languageOf(locale);
  const t = TEXTS[language];
  const seed = operatorSeeds[op];
  const polish = (text: string) => spellFor(locale, text);
  const site = `https://${operator.supportEmail.split('@')[1]}/${language}`;
  const id = (kind: string) => `${op}-${language}-${kind}`;
  const rows: HighlightRow[] = [];
  const add = (
    row: Partial<HighlightRow> & Pick<HighlightRow, 'id' | 'position' | 'type' | 'title' | 'content'>,
  ) =>
    rows.push({
      statuses: null,
      externalUrl: null,
      internalUrl: null,
      validFrom: null,
      validUntil: null,
      ...row,
      operatorId: op,
      language,
      title: polish(row.title),
      content: polish(row.content),
    });

  if (upcoming) {
    const news = t.news({
      name: upcoming.name,
      street: upcoming.address.street,
      city: upcoming.address.postal_location,
      opensOn: longDate(upcoming.openingDate, locale),
      product:
        productPresentation(operator.brand)[language]?.name ?? productPresentation(operator.brand).en.name,
    });
    add({
      id: id('news-club-opening'),
      position: 10,
      type: 'news',
      ...news,
      externalUrl: `${site}/clubs/${upcoming.id.slice(op.length + 1)}`,
      // "Opens on …" is news until the doors open.
      validUntil: upcoming.openingDate,
    });
  }
  add({
    id: id('opening-hours'),
    position: 20,
    type: 'opening_hours',
    ...t.hours(
      weeklyHoursText(language, seed.clubHours.opening),
      weeklyHoursText(language, seed.clubHours.staffed),
    ),
    internalUrl: '/contact',
  });
  add({
    id: id('freeze-reminder'),
    position: 30,
    type: 'freeze_reminder',
    ...t.freeze,
    statuses: ['in_freeze'],
    internalUrl: '/membership/freeze',
  });
  if (operator.referralPromotion && seed.promotion) {
    add({
      id: id('referral'),
      position: 40,
      type: 'referral',
      ...t.referral(seed.promotion),
      statuses: [...REFERRAL_NUDGE_STATUSES],
      internalUrl: '/referral',
    });
  }

  const teasers = t.articles.map(
    (a, k): ArticleRow => ({
      id: id(`article-${k + 1}`),
      operatorId: op,
      language,
      position: (k + 1) * 10,
      imageUrl: ARTICLE_IMAGES[k]!,
      title: polish(a.title),
      body: polish(a.body),
      link: `${site}/${t.magazine}/${a.slug}`,
      validFrom: null,
      validUntil: null,
    }),
  );
  return { highlights: rows, articles: teasers };
}

/**
 * The demo content of every operator, from its clubs: the news names the club that opens
 * next (opening date after today in the operator's timezone).
 */
export function contentRows(
  clubs: readonly Pick<
    typeof schema.locations.$inferSelect,
    'id' | 'operatorId' | 'name' | 'openingDate' | 'address'
  >[],
  now: Date,
): { highlights: HighlightRow[]; articles: ArticleRow[] } {
  const highlightRows: HighlightRow[] = [];
  const articleRows: ArticleRow[] = [];
  for (const op of operatorIds as readonly OperatorId[]) {
    const operator = getOperator(op);
    const today = todayIn(operator.timezone, now);
    const upcoming = clubs
      .filter((c) => c.operatorId === op && c.openingDate !== null && c.openingDate > today)
      .sort((a, b) => (a.openingDate! < b.openingDate! ? -1 : 1))[0];
    for (const locale of operator.locales) {
      const club = upcoming ? { ...upcoming, openingDate: upcoming.openingDate! } : null;
      const rows = contentRowsFor(operator, locale, club);
      highlightRows.push(...rows.highlights);
      articleRows.push(...rows.articles);
    }
  }
  return { highlights: highlightRows, articles: articleRows };
}
