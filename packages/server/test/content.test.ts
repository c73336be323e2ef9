import { ErrorBody, HomeContent, type OperatorId } from '@portal/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { articles, highlights, members } from '../src/db/schema.ts';
import type { Persona } from '@portal/demo-data';
import { databases, startApp, type TestApp } from './support/harness.ts';
import { expectInvalid, memberApi } from './support/member-api.ts';

// 22 November 2026: Trondheim Solsiden (no), München Schwabing (de) … open on 1 January 2027.
const NOW = '2026-11-22T10:00:00Z';

/** As read: the no-break spaces and word joiners that keep dates and ranges on one line as plain spaces. */
const plain = (text: string | undefined) => text?.replaceAll('\u2060', '').replaceAll('\u00a0', ' ');

describe.each(databases())('home content on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: NOW });
    api = memberApi(t);
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    t.clock.set(NOW);
    await t.db.delete(highlights).where(like(highlights.id, 'test-%'));
    await t.db.delete(articles).where(like(articles.id, 'test-%'));
    await t.db.update(members).set({ locale: 'nb-NO' }).where(eq(members.username, 'active@no.example'));
  });

  const content = async (persona: Persona, op: OperatorId, query = '') => {
    const res = await api.call('GET', `/v1/content${query}`, await t.signIn(persona, op));
    expect(res.statusCode, res.body).toBe(200);
    return HomeContent.parse(res.json());
  };
  const types = async (persona: Persona, op: OperatorId, query = '') =>
    (await content(persona, op, query)).highlights.map((h) => h.type);

  const highlight = (
    row: Partial<typeof highlights.$inferInsert> & { id: string; operatorId: string },
  ): typeof highlights.$inferInsert => ({
    language: 'nb',
    position: 25,
    type: 'news',
    title: row.id,
    content: 'Test.',
    ...row,
  });

  describe('by status', () => {
    it('shows the freeze reminder to a frozen member and not to an active one', async () => {
      expect(await types('in_freeze', 'no')).toEqual([
        'news',
        'opening_hours',
        'freeze_reminder',
        'referral',
      ]);
      expect(await types('active', 'no')).toEqual(['news', 'opening_hours', 'referral']);
      const frozen = await content('in_freeze', 'no');
      expect(frozen.highlights.find((h) => h.type === 'freeze_reminder')).toEqual({
        type: 'freeze_reminder',
        title: 'Medlemskapet ditt er fryst',
        content: expect.stringContaining('starter automatisk igjen'),
        statuses: ['in_freeze'],
        internal_url: '/membership/freeze',
      });
    });

    it('nudges to refer a friend only where the operator has a promotion and the status sees referral', async () => {
      for (const persona of [
        'in_trial',
        'presale',
        'in_cancellation',
        'cancelled',
        'cancelled_in_trial',
        'stopped',
      ] as const) {
        expect(await types(persona, 'no'), persona).toEqual(['news', 'opening_hours']);
      }
      expect(await types('active', 'de')).toContain('referral');
      for (const op of ['at', 'ch', 'fi'] as const)
        expect(await types('active', op), op).not.toContain('referral');
    });

    it('lets "cancelled" reach every cancelled status', async () => {
      await t.db
        .insert(highlights)
        .values(
          highlight({ id: 'test-come-back', operatorId: 'no', type: 'win_back', statuses: ['cancelled'] }),
        );
      expect(await types('cancelled_in_trial', 'no')).toContain('win_back');
      expect(await types('cancelled', 'no')).toContain('win_back');
      expect(await types('stopped', 'no')).not.toContain('win_back');
    });
  });

  describe('by language', () => {
    it("answers a Norwegian member in bokmål or English as asked, else in the member's own language", async () => {
      const nb = await content('active', 'no', '?locale=nb-NO');
      expect(nb.highlights.map((h) => plain(h.title))).toEqual([
        'Stride Trondheim Solsiden åpner 1. januar 2027',
        'Åpningstider',
        'Verv en venn: 2 måneder til halv pris',
      ]);
      expect(nb.articles.map((a) => a.title)[0]).toBe('Bevegelighet på 10 minutter');

      const en = await content('active', 'no', '?locale=en-NO');
      expect(en.highlights.map((h) => plain(h.title))).toEqual([
        'Stride Trondheim Solsiden opens on 1 January 2027',
        'Opening hours',
        'Bring a friend: 2 months at half price',
      ]);
      expect(en.articles[0]?.title).toBe('Mobility in 10 minutes');

      // Without a locale, or with one we have no catalogue for, the member's stored locale decides.
      expect((await content('active', 'no')).highlights[1]?.title).toBe('Åpningstider');
      await t.db.update(members).set({ locale: 'en-NO' }).where(eq(members.username, 'active@no.example'));
      expect((await content('active', 'no')).highlights[1]?.title).toBe('Opening hours');
      expect((await content('active', 'no', '?locale=sv-SE')).highlights[1]?.title).toBe('Opening hours');
      expect((await content('active', 'no', '?locale=nb-NO')).highlights[1]?.title).toBe('Åpningstider');
    });

    it("falls back to the operator's default language, then English, for each list on its own", async () => {
      // French is a catalogue language, but the Norwegian operator writes none: its default, bokmål.
      expect((await content('active', 'no', '?locale=fr-NO')).highlights[1]?.title).toBe('Åpningstider');

      // Austria without German articles: German highlights, English articles (never a mix within a list).
      const rows = await t.db
        .select()
        .from(articles)
        .where(and(eq(articles.operatorId, 'at'), eq(articles.language, 'de')));
      await t.db.delete(articles).where(and(eq(articles.operatorId, 'at'), eq(articles.language, 'de')));
      try {
        const at = await content('active', 'at', '?locale=de-AT');
        expect(at.highlights[1]?.title).toBe('Öffnungszeiten');
        expect(at.articles.map((a) => a.title)).toEqual([
          'Mobility in 10 minutes',
          'Your first week at the club',
          'Rest days count too',
        ]);
      } finally {
        await t.db.insert(articles).values(rows);
      }
    });

    it('writes the opening hours the clubs have, in each language of the operator', async () => {
      const hours = async (op: OperatorId, locale: string) =>
        plain(
          (await content('active', op, `?locale=${locale}`)).highlights.find(
            (h) => h.type === 'opening_hours',
          )?.content,
        );
      expect(await hours('de', 'de-DE')).toBe(
        'Alle unsere Clubs sind Mo–Fr 6–23 Uhr und Sa–So 8–22 Uhr geöffnet. Unser Team ist Mo–Fr 10–21 Uhr und Sa–So 10–18 Uhr für Sie da.',
      );
      expect(await hours('fi', 'fi-FI')).toBe(
        'Kaikki keskuksemme ovat auki joka päivä klo 5–23. Henkilökunta on paikalla ma–pe klo 12–20 ja la klo 10–14.',
      );
      expect(await hours('ch', 'fr-CH')).toMatch(
        /^Tous nos clubs sont ouverts du lundi au vendredi de 6 h à 22 h/,
      );
      // Swiss German writes ss and «».
      const ch = await content('active', 'ch', '?locale=de-CH');
      expect(ch.highlights[0]?.content).toContain('«Alle Clubs»');
      expect(JSON.stringify(ch)).not.toContain('ß');
    });
  });

  describe('by operator and date', () => {
    it("never shows another operator's content", async () => {
      await t.db
        .insert(highlights)
        .values(highlight({ id: 'test-danish-news', operatorId: 'de', language: 'nb', position: 1 }));
      const no = await content('active', 'no', '?locale=nb-NO');
      expect(no.highlights.map((h) => h.title)).not.toContain('test-danish-news');
      expect(no.articles.every((a) => a.link.startsWith('https://no.stride.example/nb/'))).toBe(true);
      const fi = await content('active', 'fi', '?locale=fi-FI');
      expect(fi.articles.every((a) => a.link.startsWith('https://fi.stride.example/fi/'))).toBe(true);
    });

    it("shows a highlight from its first to its last day in the operator's calendar, in position order", async () => {
      await t.db.insert(highlights).values([
        highlight({ id: 'test-from-23', operatorId: 'no', validFrom: '2026-11-23' }),
        highlight({ id: 'test-until-22', operatorId: 'no', validUntil: '2026-11-22', position: 15 }),
        highlight({
          id: 'test-23-only',
          operatorId: 'no',
          validFrom: '2026-11-23',
          validUntil: '2026-11-23',
          position: 5,
        }),
      ]);
      const titles = async () => (await content('active', 'no')).highlights.map((h) => plain(h.title));
      const seeded = [
        'Stride Trondheim Solsiden åpner 1. januar 2027',
        'Åpningstider',
        'Verv en venn: 2 måneder til halv pris',
      ];

      expect(await titles()).toEqual([seeded[0], 'test-until-22', seeded[1], seeded[2]]);
      // 23:30 UTC is already the 23rd in Oslo.
      t.clock.set('2026-11-22T23:30:00Z');
      expect(await titles()).toEqual(['test-23-only', seeded[0], seeded[1], 'test-from-23', seeded[2]]);
      t.clock.set('2026-11-24T10:00:00Z');
      expect(await titles()).toEqual([seeded[0], seeded[1], 'test-from-23', seeded[2]]);
    });

    it('stops announcing the new club after its opening day', async () => {
      t.clock.set('2027-01-01T12:00:00Z');
      expect(await types('active', 'no')).toContain('news');
      t.clock.set('2027-01-02T12:00:00Z');
      expect(await types('active', 'no')).toEqual(['opening_hours', 'referral']);
    });
  });

  describe('the answer', () => {
    it('holds only the optional fields a highlight has, and article teasers with local images', async () => {
      const { highlights: found, articles: teasers } = await content('active', 'de', '?locale=de-DE');
      expect(found[1]).toEqual({
        type: 'opening_hours',
        title: 'Öffnungszeiten',
        content: expect.any(String),
        internal_url: '/contact',
      });
      expect(Object.keys(found[0]!).sort()).toEqual(['content', 'external_url', 'title', 'type']);
      expect(found[0]?.external_url).toBe('https://de.stride.example/de/clubs/muenchen-schwabing');
      expect(teasers).toEqual([
        {
          imageURL: '/content/mobility.svg',
          title: 'Mobil in 10 Minuten',
          body: expect.stringContaining('Hüfte, Schultern und Rücken'),
          link: 'https://de.stride.example/de/magazin/mobil-in-10-minuten',
        },
        expect.objectContaining({ imageURL: '/content/first-week.svg', title: 'Ihre erste Woche im Club' }),
        expect.objectContaining({ imageURL: '/content/rest-days.svg', title: 'Auch Ruhetage zählen' }),
      ]);
    });

    it('leaves out a link that is neither a portal route nor an https address, and an article it cannot link', async () => {
      await t.db.insert(highlights).values([
        highlight({
          id: 'test-bad-internal',
          operatorId: 'no',
          internalUrl: '//evil.example/referral',
          position: 1,
        }),
        highlight({
          id: 'test-bad-external',
          operatorId: 'no',
          externalUrl: 'http://no.stride.example/',
          position: 2,
        }),
      ]);
      await t.db.insert(articles).values([
        {
          id: 'test-bad-link',
          operatorId: 'no',
          language: 'nb',
          position: 1,
          imageUrl: '/content/mobility.svg',
          title: 'test-bad-link',
          body: 'Test.',
          link: 'javascript:alert(1)',
        },
        {
          id: 'test-internal-link',
          operatorId: 'no',
          language: 'nb',
          position: 2,
          imageUrl: '/content/mobility.svg',
          title: 'test-internal-link',
          body: 'Test.',
          link: '/referral',
        },
      ]);
      const answer = await content('active', 'no');
      expect(answer.highlights.slice(0, 2)).toEqual([
        { type: 'news', title: 'test-bad-internal', content: 'Test.' },
        { type: 'news', title: 'test-bad-external', content: 'Test.' },
      ]);
      expect(answer.articles.map((a) => a.title)).not.toContain('test-bad-link');
      expect(answer.articles[0]).toMatchObject({ title: 'test-internal-link', link: '/referral' });
    });

    it('answers 400 for a malformed locale or an unknown parameter, and 401 without a session', async () => {
      const token = await t.signIn('active', 'no');
      expectInvalid(await api.call('GET', '/v1/content?locale=norsk', token), 'query.locale');
      expectInvalid(await api.call('GET', '/v1/content?locale=nb-no', token), 'query.locale');
      const extra = await api.call('GET', '/v1/content?status=in_freeze', token);
      expect(extra.statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/content' });
      expect(anonymous.statusCode).toBe(401);
      expect(ErrorBody.parse(anonymous.json()).errors[0]?.type).toBe('unauthorized');
    });
  });
});
