import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  apiOrigin,
  catalogue,
  expectNoAxeViolations,
  origin,
  outbox,
  signIn,
  statusBar,
  useEnglish,
} from './support.ts';

// The catalogues, so the German and French runs use the very texts members read.
type Catalogue = { [key: string]: string | Catalogue };
const text = (c: Catalogue, path: string, values: Record<string, string> = {}) => {
  const raw = path
    .split('.')
    .reduce<Catalogue | string>((node, key) => (node as Catalogue)[key]!, c) as string;
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};
const de: Catalogue = catalogue('de');
const fr: Catalogue = catalogue('fr');

// Personas no other spec depends on (or whose changes disturb none): the server keeps
// every change for the run.
test.use({ bypassCSP: true }); // for the injected axe-core script

/** Signs in through the form in a language other than English. */
async function signInAs(page: Page, operator: string, persona: string, locale: string, c: Catalogue) {
  await page.goto(`${origin(operator)}/`);
  await page.evaluate((l) => {
    localStorage.clear();
    localStorage.setItem('portal.locale', l);
  }, locale);
  await page.reload();
  await page.getByLabel(text(c, 'auth.login.username')).fill(`${persona}@${operator}.example`);
  await page.getByLabel(text(c, 'auth.login.password'), { exact: true }).fill('demo');
  await page.getByRole('button', { name: text(c, 'auth.login.submit') }).click();
  await expect(page.getByRole('region', { name: text(c, 'statusBar.label') })).toBeVisible();
}

/** A chip code held by another member, read from the API as that member. */
async function chipCodeOf(request: APIRequestContext, operator: string, persona: string): Promise<string> {
  const auth = await request.post(`${apiOrigin}/api/auth/authenticate`, {
    data: { username: `${persona}@${operator}.example`, password: 'demo', operator_id: operator },
  });
  const { token } = await auth.json();
  const membership = await (
    await request.get(`${apiOrigin}/api/v2/membership`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  return membership.keys.find(
    (k: { type: string; status: string }) => k.type === 'rfid' && k.status === 'active',
  ).code;
}

test.describe('access chip and PINs', () => {
  test('a German member with a PIN activates a chip, reports it lost and gets a temporary PIN by SMS', async ({
    page,
    request,
  }) => {
    await useEnglish(page, 'de');
    await signIn(page, 'de', 'max_frozen');
    const pinBlock = page.getByRole('region', { name: 'Access to your club' });
    await expect(pinBlock).toContainText('Activated');
    await expect(pinBlock).toContainText('followed by #');
    await expectNoAxeViolations(page);

    await page.goto(`${origin('de')}/membership`);
    const access = page.getByRole('region', { name: 'Access' });
    await expect(access).toContainText('Your PIN');
    await access.getByRole('link', { name: 'Activate chip' }).click();
    await expect(page.getByRole('heading', { name: 'Activate your chip' })).toBeVisible();
    await expect(page.getByText(/the code is printed on the back/)).toBeVisible();
    await page.getByRole('button', { name: 'Activate chip' }).click();
    await expect(page.getByText('Enter the code from the back of your chip.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Chip code').fill('e2e1 de01');
    await page.getByRole('button', { name: 'Activate chip' }).click();
    await expect(page.getByRole('heading', { name: 'Your chip is activated' })).toBeVisible();
    await expect(
      page.getByText(/Chip E2E1DE01 opens the doors of your club from 22 November 2026/),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const confirmation = (await outbox(request, 'max_frozen@de.example'))[0];
    expect(confirmation?.subject).toMatch(/Your chip is activated/);

    // A member holding a chip has no PIN block on home.
    await page.goto(`${origin('de')}/`);
    await expect(statusBar(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Access to your club' })).toHaveCount(0);

    await page.goto(`${origin('de')}/membership`);
    await expect(access).toContainText('Chip E2E1DE01Activated');
    await access.getByRole('link', { name: 'Report lost chip' }).click();
    await expect(page.getByText('Your chip E2E1DE01')).toBeVisible();
    await expect(
      page.getByText('The replacement chip costs €20.00, paid at your club when you pick it up.'),
    ).toBeVisible();
    await expect(page.getByText(/It is valid for one month\./)).toBeVisible();
    await expect(page.getByText(/Your club manager is happy to help/)).toBeVisible();
    await expectNoAxeViolations(page);
    const button = page.getByRole('button', { name: 'Block chip and send PIN' });
    await button.dblclick();
    await expect(page.getByRole('heading', { name: 'Your chip is blocked' })).toBeVisible();
    await expect(page.getByText('Valid until 21 December 2026')).toBeVisible();
    const pin = await page.getByText(/^\d{7}$/).innerText();
    expect(pin).toMatch(/^\d{7}$/);
    await expectNoAxeViolations(page);

    const sms = (await outbox(request)).filter((m) => m.channel === 'sms' && m.body.includes(pin));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toMatch(/followed by #/);
    expect(sms[0]?.body).toMatch(/club manager/);
    expect((await outbox(request, sms[0]!.to)).filter((m) => m.channel === 'sms')).toHaveLength(1);

    // The temporary PIN is on home now, and the lost chip reads deactivated.
    await page.goto(`${origin('de')}/`);
    await expect(page.getByRole('region', { name: 'Access to your club' })).toContainText(pin);
    await page.goto(`${origin('de')}/membership`);
    await expect(access).toContainText('Chip E2E1DE01Deactivated');
    await expect(access.getByRole('link', { name: 'Report lost chip' })).toHaveCount(0);
  });

  test('a Swiss member activates a chip in French and gets a PIN for a forgotten chip, billed once', async ({
    page,
    request,
  }) => {
    await signInAs(page, 'ch', 'presale', 'fr-CH', fr);
    await page.goto(`${origin('ch')}/membership/forgotten_chip`);
    await expect(
      page.getByRole('heading', { level: 2, name: text(fr, 'access.forgotten.noChip.title') }),
    ).toBeVisible();

    await page.goto(`${origin('ch')}/membership/activate_chip`);
    await page.getByLabel(text(fr, 'access.activate.label')).fill('E2ECH001');
    await page.getByRole('button', { name: text(fr, 'access.activate.submit') }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: text(fr, 'access.activate.success.title') }),
    ).toBeVisible();

    await page.goto(`${origin('ch')}/membership`);
    await page.getByRole('link', { name: text(fr, 'access.links.forgotten') }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: text(fr, 'access.forgotten.title') }),
    ).toBeVisible();
    await expect(page.getByText(/Le service SMS coûte 3[.,]00\sCHF|CHF\s3[.,]00/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text(fr, 'access.forgotten.submit') }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: text(fr, 'access.forgotten.success.title') }),
    ).toBeVisible();
    await expect(
      page.getByText(text(fr, 'access.pinDisplay.validOneDay', { date: '22\u00a0novembre 2026' })),
    ).toBeVisible();
    const pin = await page.getByText(/^\d{7}$/).innerText();
    expect(pin).toMatch(/^\d{7}$/);
    await expectNoAxeViolations(page);
    const sms = (await outbox(request)).filter((m) => m.channel === 'sms' && m.body.includes(pin));
    expect(sms).toHaveLength(1);
    // Messages go out in the language the member reads the portal in (French), not German.
    expect(sms[0]?.body).toMatch(/suivi de #/);

    // Asking again the same day sends and bills nothing.
    await page.goto(`${origin('ch')}/membership/forgotten_chip`);
    await page.getByRole('button', { name: text(fr, 'access.forgotten.submit') }).click();
    await expect(page.getByText(text(fr, 'access.forgotten.success.already'))).toBeVisible();
    expect((await outbox(request, sms[0]!.to)).filter((m) => m.channel === 'sms')).toHaveLength(1);
  });

  test("an Austrian member typing another member's chip code is refused in German, and nothing is revealed", async ({
    page,
    request,
  }) => {
    const code = await chipCodeOf(request, 'no', 'rfid');
    await signInAs(page, 'at', 'in_freeze', 'de-AT', de);
    await page.goto(`${origin('at')}/membership/activate_chip`);
    await expect(
      page.getByRole('heading', { level: 2, name: text(de, 'access.activate.title') }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(text(de, 'access.activate.label')).fill(code.toLowerCase());
    await page.getByRole('button', { name: text(de, 'access.activate.submit') }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(new RegExp(text(de, 'access.errors.chip_already_assigned').slice(0, 40)));
    await expect(page.locator('main')).not.toContainText(/@no\.example|Stride Trening|\+47/);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text(de, 'actions.tryAgain') }).click();
    await expect(page.getByLabel(text(de, 'access.activate.label'))).toBeVisible();

    // Still the member's PIN, no chip.
    await page.goto(`${origin('at')}/`);
    await expect(page.getByRole('region', { name: text(de, 'access.home.title') })).toContainText(
      text(de, 'access.status.activated'),
    );
  });

  test('a member holding a chip sees no PIN block on home; the overview shows the chip', async ({ page }) => {
    await useEnglish(page, 'fi');
    await signIn(page, 'fi', 'invalid_details');
    await expect(page.getByRole('region', { name: 'Access to your club' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await useEnglish(page, 'de');
    await signIn(page, 'de', 'rfid');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Access to your club' })).toHaveCount(0);
    await page.goto(`${origin('de')}/membership`);
    await expect(page.getByRole('region', { name: 'Access' })).toContainText(/Chip \w+Activated/);
    await expectNoAxeViolations(page);
  });
});
