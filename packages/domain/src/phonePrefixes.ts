import type { OperatorId, PhonePrefix } from '@portal/contract';
import { getOperator } from './operators/catalogue.ts';

/*
 * The prefix list of GET /v1/prefix/list, built from libphonenumber's metadata wherever it
 * runs: on the server and in the demo (the browser), so both offer and check the same
 * numbers. The metadata (about 150 kB) loads on first use only.
 */

/** What libphonenumber-js exposes of a number type at run time (its typings omit it). */
interface NumberTypeMetadata {
  pattern(): string;
  possibleLengths(): number[] | undefined;
}
interface PlanWithTypes {
  possibleLengths(): number[];
  type(name: 'MOBILE' | 'FIXED_LINE'): NumberTypeMetadata | undefined;
}
interface MetadataWithCodes {
  selectNumberingPlan(country: string): void;
  numberingPlan?: unknown;
  countryCallingCodes(): Record<string, string[]>;
}

type BaseEntry = Omit<PhonePrefix, 'whitelisted'>;

/**
 * The mobile pattern and lengths of one country, or null without mobile numbers. Where the
 * metadata leaves the mobile pattern empty, mobile and fixed-line numbers look alike (the
 * North American plan) and the fixed-line pattern is the mobile one.
 */
function mobileOf(metadata: MetadataWithCodes, country: string) {
  metadata.selectNumberingPlan(country);
  const plan = metadata.numberingPlan as PlanWithTypes;
  const mobile = plan.type('MOBILE');
  if (!mobile) return null;
  const pattern = mobile.pattern() || plan.type('FIXED_LINE')?.pattern() || '';
  if (pattern === '') return null;
  return { pattern, lengths: mobile.possibleLengths() ?? plan.possibleLengths() };
}

/**
 * One entry per country calling code (about 210), from libphonenumber's full metadata:
 * the validator is the mobile pattern of the code's countries (several for +1, +7, +44 …,
 * joined), `length` the longest mobile number and `min_length` the shortest. Codes that
 * belong to no country (+800, +882 …) have no mobile numbers and are left out.
 */
async function buildBaseList(): Promise<BaseEntry[]> {
  const { Metadata } = await import('libphonenumber-js/max');
  const metadata = new Metadata() as unknown as MetadataWithCodes;
  const entries: BaseEntry[] = [];
  for (const [code, countries] of Object.entries(metadata.countryCallingCodes())) {
    const patterns = new Set<string>();
    const lengths = new Set<number>();
    const withMobiles: string[] = [];
    for (const country of countries) {
      if (country === '001') continue;
      const mobile = mobileOf(metadata, country);
      if (!mobile) continue;
      withMobiles.push(country);
      patterns.add(mobile.pattern);
      for (const length of mobile.lengths) lengths.add(length);
    }
    if (patterns.size === 0) continue;
    const validator =
      patterns.size === 1 ? [...patterns][0]! : [...patterns].map((p) => `(?:${p})`).join('|');
    entries.push({
      prefix: `+${code}`,
      validator,
      length: Math.max(...lengths),
      min_length: Math.min(...lengths),
      countries: withMobiles,
    });
  }
  return entries.sort((a, b) => Number(a.prefix.slice(1)) - Number(b.prefix.slice(1)));
}

let base: Promise<BaseEntry[]> | null = null;
const perOperator = new Map<OperatorId, Promise<PhonePrefix[]>>();

/**
 * GET /v1/prefix/list for a member of `operator`: the list is built once per process or
 * page (the metadata loads on first use) and marked with the operator's whitelist.
 */
export function prefixList(operator: OperatorId): Promise<PhonePrefix[]> {
  let list = perOperator.get(operator);
  if (!list) {
    base ??= buildBaseList();
    const whitelist = new Set(getOperator(operator).mobilePrefixWhitelist);
    list = base.then((entries) => entries.map((e) => ({ ...e, whitelisted: whitelist.has(e.prefix) })));
    perOperator.set(operator, list);
    // A failed build is tried again on the next request instead of being cached.
    list.catch(() => {
      base = null;
      perOperator.clear();
    });
  }
  return list;
}
