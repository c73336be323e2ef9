import { chromium } from '@playwright/test';
const port = 8211;
const base = (op) => `http://${op}.localhost:${port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
async function session(op, persona, locale, width) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
  const page = await ctx.newPage();
  await page.goto(`${base(op)}/`);
  await page.evaluate((l) => {
    localStorage.clear();
    localStorage.setItem('portal.locale', l);
  }, `en-${op.toUpperCase()}`);
  await page.reload();
  await page.getByLabel('Username').fill(`${persona}@${op}.example`);
  await page.getByLabel('Password', { exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('region', { name: 'Membership status' }).waitFor();
  await page.evaluate((l) => localStorage.setItem('portal.locale', l), locale);
  await page.goto(`${base(op)}/membership/profile`);
  await page.waitForTimeout(800);
  return { ctx, page };
}
const shot = async (page, name) => {
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
  const sw = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (sw > 0) console.log('SCROLLS SIDEWAYS', name, sw);
};
for (const width of [320, 390, 1280]) {
  // German member, German portal: form, field errors, success.
  let { ctx, page } = await session('de', 'unpaid', 'de-DE', width);
  await shot(page, `de-form-${width}`);
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('');
  await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill('301234');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await page.waitForTimeout(300);
  await shot(page, `de-errors-${width}`);
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill(`Hauptstraße ${width}`);
  await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill('15123456711');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await page.waitForTimeout(800);
  await shot(page, `de-success-${width}`);
  await ctx.close();
  // Norwegian member, Norwegian portal: code step, wrong code, success.
  ({ ctx, page } = await session('no', 'unpaid', 'nb-NO', width));
  await shot(page, `no-form-${width}`);
  const n = `4129970${width % 10}`;
  await page.getByRole('textbox', { name: 'Nummer', exact: true }).fill(n);
  await page.waitForTimeout(200);
  await shot(page, `no-form-changed-${width}`);
  await page.getByRole('button', { name: 'Send kode på SMS' }).click();
  await page.waitForTimeout(800);
  await shot(page, `no-verify-${width}`);
  await page.getByRole('textbox', { name: 'Bekreftelseskode' }).fill('000000');
  await page.getByRole('button', { name: 'Bekreft og lagre' }).click();
  await page.waitForTimeout(800);
  await shot(page, `no-error-${width}`);
  await ctx.close();
  // Swiss member: support text.
  ({ ctx, page } = await session('ch', 'unpaid', 'fr-CH', width));
  await shot(page, `ch-fr-${width}`);
  await ctx.close();
}
await browser.close();
