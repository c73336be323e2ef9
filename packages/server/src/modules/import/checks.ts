import type {
  ImportClub,
  ImportFreeze,
  ImportKey,
  ImportMember,
  ImportProduct,
  ImportPromotion,
  OperatorId,
} from '@portal/contract';
import { getOperator, type IsoDate, importedUsername as usernameOf } from '@portal/domain';
import type { Config } from '../../settings.ts';
import type { ImportIssue } from './source.ts';
import type { Stored } from './stored.ts';
import type { Parsed, ParsedImport } from './validate.ts';

/** Records one problem: the row, the field if one, and what is wrong. */
type Issue = (where: string, field: string | null, message: string) => void;

export interface CheckContext {
  /** The calendar date of an operator now. */
  today: (operator: OperatorId) => IsoDate;
  /** The configuration invitations are sent with; null when nobody is invited. */
  inviteConfig: Config | null;
}

/**
 * Every problem of the file, found before anything is written: rows that appear twice,
 * references to clubs, products and memberships that neither the file nor the database has
 * or that belong to another operator, dates out of order. Empty: the import may write.
 */
export function findIssues(parsed: ParsedImport, stored: Stored, context: CheckContext): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const issue: Issue = (where, field, message) => {
    issues.push({ where, field, message });
  };
  const clubs = checkClubs(parsed.clubs, stored, issue);
  const productOf = checkProducts(parsed.products, stored, clubs, issue);
  checkPromotions(parsed.promotions, stored, issue);
  const knownMembership = checkMembers(parsed.members, stored, { ...context, clubs, productOf }, issue);
  checkKeys(parsed.keys, stored, knownMembership, issue);
  checkFreezes(parsed.freezes, knownMembership, issue);
  return issues;
}

interface Clubs {
  /** The operator of a club of the file or the database. */
  operatorOf: (id: string) => string | undefined;
  /** Reports a reference to a club that is unknown or another operator's. */
  check: (where: string, field: string, id: string, operator: OperatorId) => void;
}

function checkClubs(rows: Parsed<ImportClub>[], stored: Stored, issue: Issue): Clubs {
  const fileClubs = new Map<string, ImportClub>();
  for (const { where, row } of rows) {
    if (fileClubs.has(row.id)) issue(where, 'id', `The club ${row.id} appears twice in the file.`);
    fileClubs.set(row.id, row);
    const current = stored.clubs.get(row.id);
    if (current && current.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The club ${row.id} belongs to operator ${current.operatorId}.`);
    if (row.opening_date && row.closing_date && row.closing_date < row.opening_date)
      issue(where, 'closing_date', 'A club cannot close before it opens.');
  }
  const operatorOf = (id: string) => fileClubs.get(id)?.operator_id ?? stored.clubs.get(id)?.operatorId;
  const check = (where: string, field: string, id: string, operator: OperatorId) => {
    const owner = operatorOf(id);
    if (!owner) issue(where, field, `Unknown club ${id}: import it first or in the same file.`);
    else if (owner !== operator) issue(where, field, `The club ${id} belongs to operator ${owner}.`);
  };
  return { operatorOf, check };
}

/** A product of the file or the database: its operator and the clubs it opens; null if unknown. */
type ProductOf = (id: string) => { operatorId: string; clubIds: string[] } | null;

function checkProducts(rows: Parsed<ImportProduct>[], stored: Stored, clubs: Clubs, issue: Issue): ProductOf {
  const fileProducts = new Map<string, ImportProduct>();
  for (const { where, row } of rows) {
    if (fileProducts.has(row.id)) issue(where, 'id', `The product ${row.id} appears twice in the file.`);
    fileProducts.set(row.id, row);
    const current = stored.products.get(row.id);
    if (current && current.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The product ${row.id} belongs to operator ${current.operatorId}.`);
    for (const clubId of row.club_ids) clubs.check(where, 'club_ids', clubId, row.operator_id);
  }
  return (id) => {
    const file = fileProducts.get(id);
    if (file) return { operatorId: file.operator_id, clubIds: file.club_ids };
    const current = stored.products.get(id);
    return current ? { operatorId: current.operatorId, clubIds: current.locationIds } : null;
  };
}

/** Promotions: the one the operator catalogue names, or none. */
function checkPromotions(rows: Parsed<ImportPromotion>[], stored: Stored, issue: Issue): void {
  const filePromotions = new Set<string>();
  for (const { where, row } of rows) {
    if (filePromotions.has(row.id)) issue(where, 'id', `The promotion ${row.id} appears twice in the file.`);
    filePromotions.add(row.id);
    const current = stored.promotions.get(row.id);
    if (current && current.operatorId !== row.operator_id)
      issue(where, 'operator_id', `The promotion ${row.id} belongs to operator ${current.operatorId}.`);
    const expected = getOperator(row.operator_id).referralPromotion;
    if (!expected) issue(where, 'operator_id', `Operator ${row.operator_id} has no referral promotion.`);
    else if (row.promotion_type !== expected)
      issue(where, 'promotion_type', `The referral promotion of operator ${row.operator_id} is ${expected}.`);
  }
}

/** Whether the file or the database has a membership with this number. */
type KnownMembership = (number: string) => boolean;

function checkMembers(
  rows: Parsed<ImportMember>[],
  stored: Stored,
  context: CheckContext & { clubs: Clubs; productOf: ProductOf },
  issue: Issue,
): KnownMembership {
  const { clubs, productOf, today, inviteConfig } = context;
  const fileMembers = new Set<string>();
  const fileUsernames = new Set<string>();
  for (const { where, row } of rows) {
    const operator = getOperator(row.operator_id);
    const number = row.membership_number;
    if (fileMembers.has(number)) issue(where, 'membership_number', `${number} appears twice in the file.`);
    fileMembers.add(number);
    const current = stored.memberships.get(number);
    if (current && current.member.operatorId !== row.operator_id)
      issue(
        where,
        'membership_number',
        `${number} is a membership of operator ${current.member.operatorId}.`,
      );
    const username = usernameOf(row);
    const usernameField = row.username ? 'username' : 'email';
    const key = `${row.operator_id} ${username}`;
    if (fileUsernames.has(key))
      issue(where, usernameField, `Two members of ${row.operator_id} in the file sign in as ${username}.`);
    fileUsernames.add(key);
    const holder = stored.usernames.find((m) => m.operatorId === row.operator_id && m.username === username);
    if (holder && holder.id !== current?.member.id)
      issue(where, usernameField, `Another member of ${row.operator_id} signs in as ${username}.`);
    const product = productOf(row.product_id);
    if (!product)
      issue(where, 'product_id', `Unknown product ${row.product_id}: import it first or in the same file.`);
    else if (product.operatorId !== row.operator_id)
      issue(where, 'product_id', `The product ${row.product_id} belongs to operator ${product.operatorId}.`);
    clubs.check(where, 'club_id', row.club_id, row.operator_id);
    if (
      product &&
      clubs.operatorOf(row.club_id) === row.operator_id &&
      !product.clubIds.includes(row.club_id)
    )
      issue(where, 'club_id', `The product ${row.product_id} does not open the club ${row.club_id}.`);
    if (row.locale && !operator.locales.includes(row.locale))
      issue(where, 'locale', `Use one of the locales of ${operator.id}: ${operator.locales.join(', ')}.`);
    if (row.cancelled_on && !row.end_date)
      issue(where, 'end_date', 'A cancelled membership needs its end date.');
    if (row.signed_up_on && row.signed_up_on > today(row.operator_id))
      issue(where, 'signed_up_on', 'A contract cannot have been concluded after today.');
    if (!current && inviteConfig?.isProduction && !inviteConfig.publicOrigins[row.operator_id])
      issue(
        where,
        'operator_id',
        `Set PUBLIC_ORIGIN_${row.operator_id.toUpperCase()} first: the invitation's link needs the portal's public address.`,
      );
  }
  return (number) => fileMembers.has(number) || stored.memberships.has(number);
}

function checkKeys(
  rows: Parsed<ImportKey>[],
  stored: Stored,
  knownMembership: KnownMembership,
  issue: Issue,
): void {
  const fileKeys = new Set<string>();
  const fileChips = new Map<string, string>();
  for (const { where, row } of rows) {
    const number = row.membership_number;
    if (!knownMembership(number))
      issue(where, 'membership_number', `No member with the number ${number} in the file or the database.`);
    const key = `${number} ${row.type} ${row.code}`;
    if (fileKeys.has(key)) issue(where, 'code', `This ${row.type} of ${number} appears twice in the file.`);
    fileKeys.add(key);
    if (row.valid_to && row.valid_to < row.valid_from)
      issue(where, 'valid_to', 'A key cannot stop working before it starts.');
    if (row.type === 'rfid') {
      const holder = stored.chipHolders.get(row.code);
      const own = stored.memberships.get(number)?.membership.id;
      const otherInFile = fileChips.get(row.code);
      if ((holder && holder !== own) || (otherInFile && otherInFile !== number))
        issue(where, 'code', 'This chip belongs to another membership.');
      fileChips.set(row.code, number);
    }
  }
}

function checkFreezes(rows: Parsed<ImportFreeze>[], knownMembership: KnownMembership, issue: Issue): void {
  const fileFreezes = new Set<string>();
  for (const { where, row } of rows) {
    const number = row.membership_number;
    if (!knownMembership(number))
      issue(where, 'membership_number', `No member with the number ${number} in the file or the database.`);
    const key = `${number} ${row.begin_date}`;
    if (fileFreezes.has(key))
      issue(where, 'begin_date', `This freeze of ${number} appears twice in the file.`);
    fileFreezes.add(key);
    if (row.end_date < row.begin_date) issue(where, 'end_date', 'A freeze cannot end before it begins.');
  }
}
