import { DEMO_PASSWORD } from '@portal/demo-data';
import { Invoices, SepaMandate } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { invoices, members, payments, sepaCollections } from '../src/db/schema.ts';
import { loadMembershipState } from '../src/modules/membership/state.ts';
import { removePaymentMethods } from '../src/modules/payments/card-repository.ts';
import { importBankReturns, takeDueDebits } from '../src/modules/payments/sepa/debit-run.ts';
import { endMandates } from '../src/modules/payments/sepa/repository.ts';
import { painDirectDebitXml, parseBankReturns } from '../src/sepa-file.ts';
import { databases, startApp, type TestApp, testConfig } from './support/harness.ts';
import { memberApi } from './support/member-api.ts';

/** A small XML tree (the file has no CDATA, comments or entities beyond the five). */
interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

function parseXml(xml: string): Node {
  const root: Node = { name: '#root', attrs: {}, children: [], text: '' };
  const stack = [root];
  const re = /<\?[^>]*\?>|<(\/?)([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
  for (const m of xml.matchAll(re)) {
    const top = stack.at(-1)!;
    if (m[5] !== undefined) {
      top.text += m[5].trim();
    } else if (m[2]) {
      if (m[1]) {
        expect(top.name).toBe(m[2]);
        stack.pop();
      } else {
        const attrs = Object.fromEntries(
          [...(m[3] ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]),
        );
        const node: Node = { name: m[2], attrs, children: [], text: '' };
        top.children.push(node);
        if (!m[4]) stack.push(node);
      }
    }
  }
  expect(stack).toHaveLength(1);
  return root.children[0]!;
}

const all = (node: Node, name: string) => node.children.filter((c) => c.name === name);
function one(node: Node, path: string): Node {
  let current = node;
  for (const name of path.split('/')) {
    const found = all(current, name);
    expect(found, `${current.name}/${name}`).toHaveLength(1);
    current = found[0]!;
  }
  return current;
}
const textOf = (node: Node, path: string) => one(node, path).text;

describe.each(databases())('SEPA debit file and bank returns on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp(kind, { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  it('exports the due debits as pain.008.001.02 with every mandatory element, sums equal to the header', async () => {
    const token = await t.signIn('unpaid', 'de');
    const open = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json()).filter(
      (i) => i.status === 'declined' && i.period !== null,
    );
    const signed = await api.call('PUT', '/v1/membership/sepa_mandate', token, {
      iban: 'DE89370400440532013000',
      account_holder: 'Uwe Unbezahlt',
      password: DEMO_PASSWORD,
    });
    const mandate = SepaMandate.parse(signed.json());
    const [memberRow] = await t.db.select().from(members).where(eq(members.username, 'unpaid@de.example'));
    // A scheduled invoice due on the run's date joins it (the same mandate: FRST once, then RCUR).
    await t.db.insert(invoices).values({
      id: 'sepa-test-scheduled',
      memberId: memberRow!.id,
      invoiceNumber: 'SEPA-TEST-0001',
      status: 'scheduled',
      invoiceDate: '2026-11-27',
      amount: 3990,
      currency: 'EUR',
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });

    // Nothing is due before the pre-notification's date.
    expect((await takeDueDebits(t.db, t.clock, 'de', '2026-11-26')).debits).toEqual([]);
    const run = await takeDueDebits(t.db, t.clock, 'de', '2026-11-27');
    expect(run.debits.map((d) => d.invoiceId).sort()).toEqual(
      [...open.map((i) => i.id), 'sepa-test-scheduled'].sort(),
    );
    expect(run.debits[0]!.sequenceType).toBe('FRST');
    expect(run.debits.slice(1).every((d) => d.sequenceType === 'RCUR')).toBe(true);
    // Taken once: a second run finds nothing.
    expect((await takeDueDebits(t.db, t.clock, 'de', '2026-11-27')).debits).toEqual([]);

    const settings = testConfig().sepa.de!;
    const xml = painDirectDebitXml(run, settings, t.clock.now());
    const wellFormed = await validateXML({
      xml: { fileName: 'debits.xml', contents: xml },
      normalization: 'format',
    });
    expect(wellFormed.valid, JSON.stringify(wellFormed.errors)).toBe(true);

    const doc = parseXml(xml);
    expect(doc.name).toBe('Document');
    expect(doc.attrs.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    const init = one(doc, 'CstmrDrctDbtInitn');
    const header = one(init, 'GrpHdr');
    expect(textOf(header, 'MsgId')).toBe(run.messageId);
    expect(textOf(header, 'CreDtTm')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    expect(textOf(header, 'InitgPty/Nm')).toBe(settings.creditorName);
    const blocks = all(init, 'PmtInf');
    expect(blocks.map((b) => textOf(b, 'PmtTpInf/SeqTp'))).toEqual(['FRST', 'RCUR']);

    let count = 0;
    let sum = 0;
    for (const block of blocks) {
      expect(textOf(block, 'PmtInfId')).toBeTruthy();
      expect(textOf(block, 'PmtMtd')).toBe('DD');
      expect(textOf(block, 'PmtTpInf/SvcLvl/Cd')).toBe('SEPA');
      expect(textOf(block, 'PmtTpInf/LclInstrm/Cd')).toBe('CORE');
      expect(textOf(block, 'ReqdColltnDt')).toBe('2026-11-27');
      expect(textOf(block, 'Cdtr/Nm')).toBe(settings.creditorName);
      expect(textOf(block, 'CdtrAcct/Id/IBAN')).toBe(settings.iban);
      expect(one(block, 'CdtrAgt/FinInstnId')).toBeDefined();
      expect(textOf(block, 'CdtrSchmeId/Id/PrvtId/Othr/Id')).toBe('DE98ZZZ09999999999');
      expect(textOf(block, 'CdtrSchmeId/Id/PrvtId/Othr/SchmeNm/Prtry')).toBe('SEPA');
      const txs = all(block, 'DrctDbtTxInf');
      let blockSum = 0;
      for (const tx of txs) {
        expect(textOf(tx, 'PmtId/EndToEndId')).toMatch(new RegExp(`^${run.messageId}-\\d+$`));
        const amount = one(tx, 'InstdAmt');
        expect(amount.attrs.Ccy).toBe('EUR');
        blockSum += Math.round(Number(amount.text) * 100);
        expect(textOf(tx, 'DrctDbtTx/MndtRltdInf/MndtId')).toBe(mandate.mandate_reference);
        expect(textOf(tx, 'DrctDbtTx/MndtRltdInf/DtOfSgntr')).toBe('2026-11-22');
        expect(one(tx, 'DbtrAgt/FinInstnId')).toBeDefined();
        expect(textOf(tx, 'Dbtr/Nm')).toBe('Uwe Unbezahlt');
        expect(textOf(tx, 'DbtrAcct/Id/IBAN')).toBe('DE89370400440532013000');
        expect(textOf(tx, 'RmtInf/Ustrd')).toMatch(/^Invoice /);
      }
      expect(Number(textOf(block, 'NbOfTxs'))).toBe(txs.length);
      expect(Math.round(Number(textOf(block, 'CtrlSum')) * 100)).toBe(blockSum);
      count += txs.length;
      sum += blockSum;
    }
    expect(Number(textOf(header, 'NbOfTxs'))).toBe(count);
    expect(Math.round(Number(textOf(header, 'CtrlSum')) * 100)).toBe(sum);
    expect(sum).toBe(run.debits.reduce((s, d) => s + d.amount, 0));
    expect(count).toBe(run.debits.length);

    // Exported debits book their invoices as charged by direct debit: the alert goes.
    const after = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json());
    expect(after.filter((i) => i.status === 'declined' && i.period !== null)).toEqual([]);
  });

  it('a returned debit (MD06) makes its invoice declined again with its period; a second read changes nothing', async () => {
    const token = await t.signIn('unpaid', 'de');
    const [memberRow] = await t.db.select().from(members).where(eq(members.username, 'unpaid@de.example'));
    const exported = (
      await t.db.select().from(sepaCollections).where(eq(sepaCollections.memberId, memberRow!.id))
    ).filter((c) => c.status === 'exported' && c.invoiceId !== 'sepa-test-scheduled');
    const endToEndId = exported[0]!.endToEndId!;
    const file = `<?xml version="1.0"?><Document><CstmrPmtStsRpt><OrgnlPmtInfAndSts><TxInfAndSts>
      <OrgnlEndToEndId>${endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts>
      <StsRsnInf><Rsn><Cd>MD06</Cd></Rsn></StsRsnInf></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
    const returns = parseBankReturns(file);
    expect(returns).toEqual([{ endToEndId, reason: 'MD06' }]);
    expect(parseBankReturns(`end_to_end_id;reason\n${endToEndId};ac04\n`)).toEqual([
      { endToEndId, reason: 'AC04' },
    ]);

    // Another operator's run cannot touch it.
    expect(await importBankReturns(t.db, t.clock, 'at', returns)).toEqual([
      { endToEndId, outcome: 'unknown' },
    ]);
    expect(await importBankReturns(t.db, t.clock, 'de', returns)).toEqual([
      { endToEndId, outcome: 'returned' },
    ]);
    expect(await importBankReturns(t.db, t.clock, 'de', returns)).toEqual([
      { endToEndId, outcome: 'already_returned' },
    ]);

    const list = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json());
    const invoice = list.find((i) => i.id === exported[0]!.invoiceId)!;
    expect(invoice.status).toBe('declined');
    expect(invoice.period).not.toBeNull();
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(rows.find((p) => p.providerReference === endToEndId)?.status).toBe('returned');
    const event = (await api.events('unpaid@de.example')).at(-1);
    expect(event).toMatchObject({
      action: 'sepa_debit_returned',
      status: 'failure',
      details: expect.objectContaining({ reason_code: 'MD06', reason: 'refund requested by the debtor' }),
    });
  });
});

// Two connections at once: only PostgreSQL has them (PGlite runs one transaction at a time).
describe.runIf(databases().includes('postgres'))('the SEPA debit run beside a member’s own change', () => {
  let t: TestApp;
  let api: ReturnType<typeof memberApi>;
  beforeAll(async () => {
    t = await startApp('postgres', { now: '2026-11-22T10:00:00Z' });
    api = memberApi(t);
  });
  afterAll(() => t?.close());

  it('waits for a member leaving direct debit, then leaves their debit out', async () => {
    const token = await t.signIn('unpaid', 'at');
    const signed = await api.call('PUT', '/v1/membership/sepa_mandate', token, {
      iban: 'AT611904300234573201',
      account_holder: 'Ute Unbezahlt',
      password: DEMO_PASSWORD,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [member] = await t.db.select().from(members).where(eq(members.username, 'unpaid@at.example'));
    const queued = await t.db.select().from(sepaCollections).where(eq(sepaCollections.memberId, member!.id));
    expect(queued.map((c) => c.status)).toEqual(['queued']);

    // The member's change holds the membership lock while the run starts.
    let holding!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const change = t.db.transaction(async (tx) => {
      await loadMembershipState(tx, member!.id, t.clock, { forUpdate: true });
      holding();
      await released;
      await endMandates(tx, member!.id, t.clock.now());
      await removePaymentMethods(tx, member!.id, t.clock.now());
    });
    await held;
    const run = takeDueDebits(t.db, t.clock, 'at', '2026-12-31');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await change;

    expect((await run).debits).toEqual([]);
    const after = await t.db.select().from(sepaCollections).where(eq(sepaCollections.memberId, member!.id));
    expect(after.map((c) => c.status)).toEqual(['cancelled']);
    const open = Invoices.parse((await api.call('GET', '/v1/membership/invoices', token)).json()).filter(
      (i) => i.id === queued[0]!.invoiceId,
    );
    expect(open.map((i) => i.status)).toEqual(['declined']);
  });
});
