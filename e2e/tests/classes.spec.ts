import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  catalogue,
  expectNoAxeViolations,
  mainMenu,
  signIn,
  textOf,
  useEnglish,
  usePortalClock,
} from './support.ts';

// Group classes (docs/classes.md) for active@de, whom the seed gave a full small class at
// their club (three places, booked by other personas) tomorrow evening: book a class, join
// that waitlist, save the calendar file, cancel; axe and 320 px on the page. The portal
// clock is Sunday; the timetable's days are today and next week.
test.use({ bypassCSP: true }); // for the injected axe-core script

const en = catalogue('en');
const t = (path: string, values: Record<string, string | number> = {}) => textOf(en, path, values);

test('books a class, joins a waitlist, saves the calendar file and cancels', async ({ page, request }) => {
  await usePortalClock(page, request);
  await useEnglish(page, 'de');
  await signIn(page, 'de', 'active');
  await mainMenu(page)
    .getByRole('link', { name: t('classes.menu') })
    .click();
  await expect(page.getByRole('heading', { name: t('classes.title') })).toBeVisible();
  await expect(page.getByText(t('classes.mine.none'))).toBeVisible();

  // Tomorrow, at the member's club.
  await page.getByRole('button', { name: 'Mon 23', exact: true }).click();
  await page.getByLabel(t('classes.filters.club')).selectOption({ label: 'Stride Berlin Mitte' });
  const yoga = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Yoga Flow/ }) });
  await expect(yoga.getByText(/places left of 20/)).toBeVisible();
  await yoga.getByRole('button', { name: t('classes.book.book', { name: 'Yoga Flow' }) }).click();
  await expect(page.getByText(t('classes.confirmation.booked.title')).first()).toBeVisible();

  // The small class is full: the member joins its waitlist as the first.
  const small = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Reformer Pilates/ }) })
    .last();
  await expect(small.getByText(t('classes.places.full_zero'))).toBeVisible();
  await small.getByRole('button', { name: t('classes.book.waitlist', { name: 'Reformer Pilates' }) }).click();
  await expect(
    page.getByText(t('classes.confirmation.waitlisted.text', { name: 'Reformer Pilates', position: 1 })),
  ).toBeVisible();

  // The bookings come first: the calendar file of the booked class.
  const mine = page.getByRole('region', { name: t('classes.mine.title') });
  await expect(mine.getByText(t('classes.mine.waitlisted', { position: 1 }))).toBeVisible();
  const download = page.waitForEvent('download');
  await mine.getByRole('button', { name: t('classes.calendar.one', { name: 'Yoga Flow' }) }).click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  expect(file).toContain('BEGIN:VCALENDAR');
  expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(file).toContain('SUMMARY:Yoga Flow');
  expect(file).toContain('DTSTART;TZID=Europe/Berlin:20261123T070000');

  await expectNoAxeViolations(page);

  // Cancel, asked again first.
  await mine.getByRole('button', { name: t('classes.cancel.open', { name: 'Yoga Flow' }) }).click();
  await expect(mine.getByText(t('classes.cancel.question'))).toBeVisible();
  await mine.getByRole('button', { name: t('classes.cancel.confirm', { name: 'Yoga Flow' }) }).click();
  await expect(mine.getByText(t('classes.mine.cancelled'))).toBeVisible();
  await expect(
    mine.getByRole('button', { name: t('classes.cancel.open', { name: 'Yoga Flow' }) }),
  ).toHaveCount(0);
});

test('fits 320 px without sideways scrolling and is axe clean', async ({ page, request }) => {
  await usePortalClock(page, request);
  await page.setViewportSize({ width: 320, height: 700 });
  await useEnglish(page, 'de');
  await signIn(page, 'de', 'in_trial');
  await page.goto('/classes');
  await expect(page.getByRole('heading', { name: t('classes.title') })).toBeVisible();
  await page.getByRole('button', { name: 'Tue 24', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Book / }).first()).toBeVisible();
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
});
