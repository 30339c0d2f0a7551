import { roundedShare } from './money.ts';

/**
 * India's GST as an invoice needs it: the rates, the states and their two-digit codes, GSTIN checks, the place of
 * supply of a delivery, and each line's taxable value and taxes in integer paise (decision 053). No zod here, so the
 * web's forms and pages can use it without loading it.
 */

/** The GST rates a line may carry, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

/** The states and union territories by their GST code (the first two characters of a GSTIN). */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};
/** Codes a GSTIN may start with that name no state of today: 25 (Daman and Diu, merged into 26 in 2020), 28 (Andhra Pradesh before 2014), 99 (Centre Jurisdiction). */
const HISTORIC_STATE_CODES = new Set(['25', '28', '99']);

export const isStateCode = (code: string): boolean => Object.hasOwn(GST_STATES, code);

/** Names people write for a state beside its official one. */
const STATE_ALIASES: Record<string, string> = {
  'j&k': '01',
  jk: '01',
  'jammu & kashmir': '01',
  hp: '02',
  uttaranchal: '05',
  uk: '05',
  'new delhi': '07',
  'nct of delhi': '07',
  dl: '07',
  up: '09',
  arunachal: '12',
  wb: '19',
  orissa: '21',
  mp: '23',
  'dadra and nagar haveli': '26',
  'daman and diu': '26',
  'dadra & nagar haveli and daman & diu': '26',
  mh: '27',
  ka: '29',
  tn: '33',
  tamilnadu: '33',
  pondicherry: '34',
  'andaman & nicobar islands': '35',
  'andaman and nicobar': '35',
  ts: '36',
  ap: '37',
};

const normalise = (s: string) => s.toLowerCase().replace(/[.]/g, '').replace(/\s+/g, ' ').trim();
const BY_NAME = new Map<string, string>([
  ...Object.entries(GST_STATES).map(([code, name]) => [normalise(name), code] as [string, string]),
  ...Object.entries(STATE_ALIASES),
]);

/** The state code a written state name stands for ("Maharashtra", "tamil nadu", "J&K", "27"), or undefined. */
export function stateCodeOfName(name: string): string | undefined {
  const n = normalise(name);
  if (/^\d{2}$/.test(n)) return isStateCode(n) ? n : undefined;
  return BY_NAME.get(n) ?? BY_NAME.get(n.replace(/^state of /, ''));
}

/** PIN code areas that lie in one state, by their first two digits; three-digit prefixes below refine them. */
const PIN_TWO: Record<string, string> = {
  '11': '07',
  '12': '06',
  '13': '06',
  '14': '03',
  '15': '03',
  '17': '02',
  '18': '01',
  '19': '01',
  '20': '09',
  '21': '09',
  '22': '09',
  '23': '09',
  '27': '09',
  '28': '09',
  '30': '08',
  '31': '08',
  '32': '08',
  '33': '08',
  '34': '08',
  '36': '24',
  '37': '24',
  '38': '24',
  '39': '24',
  '40': '27',
  '41': '27',
  '42': '27',
  '43': '27',
  '44': '27',
  '45': '23',
  '46': '23',
  '47': '23',
  '48': '23',
  '49': '22',
  '50': '36',
  '51': '37',
  '52': '37',
  '53': '37',
  '56': '29',
  '57': '29',
  '58': '29',
  '59': '29',
  '60': '33',
  '61': '33',
  '62': '33',
  '63': '33',
  '64': '33',
  '67': '32',
  '68': '32',
  '69': '32',
  '70': '19',
  '71': '19',
  '72': '19',
  '73': '19',
  '74': '19',
  '75': '21',
  '76': '21',
  '77': '21',
  '78': '18',
  '80': '10',
  '81': '10',
  '82': '10',
  '83': '10',
  '84': '10',
  '85': '10',
};
const PIN_THREE: Record<string, string> = {
  '160': '04',
  '194': '38',
  '246': '05',
  '247': '05',
  '248': '05',
  '249': '05',
  '262': '05',
  '263': '05',
  '396': '26',
  '403': '30',
  '605': '34',
  '737': '11',
  '744': '35',
  '790': '12',
  '791': '12',
  '792': '12',
  '793': '17',
  '794': '17',
  '795': '14',
  '796': '15',
  '797': '13',
  '798': '13',
  '799': '16',
  '814': '20',
  '815': '20',
  '816': '20',
  '822': '20',
  '825': '20',
  '826': '20',
  '827': '20',
  '828': '20',
  '829': '20',
  '831': '20',
  '832': '20',
  '833': '20',
  '834': '20',
  '835': '20',
};

/** The state a six-digit PIN code lies in, where its first digits tell it, or undefined. */
export function stateCodeOfPin(pin: string): string | undefined {
  if (!/^[1-9]\d{5}$/.test(pin)) return undefined;
  return PIN_THREE[pin.slice(0, 3)] ?? PIN_TWO[pin.slice(0, 2)];
}

/**
 * The place of supply of a delivery: the state its address names, else the one its PIN code lies in, else the
 * clinic's own (the address could not be placed; the supplier's location, as GST does for a recipient whose state
 * is not known). The caller keeps which it was.
 */
export function placeOfSupplyOf(
  address: { state: string; pin: string },
  clinicStateCode: string,
): { stateCode: string; from: 'state' | 'pin' | 'clinic' } {
  const byName = stateCodeOfName(address.state);
  if (byName) return { stateCode: byName, from: 'state' };
  const byPin = stateCodeOfPin(address.pin);
  if (byPin) return { stateCode: byPin, from: 'pin' };
  return { stateCode: clinicStateCode, from: 'clinic' };
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A regular taxpayer's GSTIN: state code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the public base-36 Luhn-like sum the GST portal uses). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14[i]!);
    if (value < 0) throw new Error('Not a GSTIN');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Messages a GSTIN check gives, in the order it checks. */
export const GSTIN_MSG = {
  format:
    'A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character (e.g. 27AAPFU0939F1ZV).',
  state: 'The GSTIN starts with a state code no state has (01 to 38, or 97).',
  check: 'This GSTIN has a typing mistake: its last character does not match the others.',
} as const;

/** Why a GSTIN (upper case, no spaces) is not valid, or undefined when it is. */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_FORMAT.test(gstin)) return GSTIN_MSG.format;
  const state = gstin.slice(0, 2);
  if (!isStateCode(state) && !HISTORIC_STATE_CODES.has(state)) return GSTIN_MSG.state;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MSG.check;
  return undefined;
}

/** An HSN code (goods: 4, 6 or 8 digits) or a SAC (services: 6 digits starting 99). */
export const HSN_SAC_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/** One line's amounts in paise: its taxable value, each tax, and what the customer pays for it. */
export interface LineTax {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** How a line is taxed: its rate, whether its amount already holds the tax, and whether the supply crosses a state. */
export interface TaxBasis {
  gstRate: GstRate;
  pricesIncludeTax: boolean;
  interState: boolean;
}

/** The taxes on a taxable value: each rounded to the paisa, half up; CGST and SGST half the rate each. */
function taxesOn(taxable: number, { gstRate, interState }: TaxBasis): Omit<LineTax, 'taxable' | 'total'> {
  if (interState) return { cgst: 0, sgst: 0, igst: roundedShare(taxable, gstRate, 100) };
  const half = roundedShare(taxable, gstRate, 200);
  return { cgst: half, sgst: half, igst: 0 };
}

const taxSum = (t: Omit<LineTax, 'taxable' | 'total'>) => t.cgst + t.sgst + t.igst;

/**
 * A line's taxable value and taxes from its amount (price x quantity less discount, in paise). Exclusive prices:
 * the amount is the taxable value and the taxes come on top. Inclusive prices: the customer pays the amount exactly;
 * the taxable value is one whose taxes (each rounded to the paisa) make up the amount with it, looked for beside
 * amount x 100 / (100 + rate). When rounding leaves no such value (CGST and SGST move in steps of two paise), the
 * taxes of that quotient stand and the taxable value is what remains of the amount: within two paise of the rule.
 */
export function lineTax(amountPaise: number, basis: TaxBasis): LineTax {
  if (!basis.pricesIncludeTax) {
    const taxes = taxesOn(amountPaise, basis);
    return { taxable: amountPaise, ...taxes, total: amountPaise + taxSum(taxes) };
  }
  const guess = roundedShare(amountPaise, 100, 100 + basis.gstRate);
  for (const taxable of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    const taxes = taxesOn(taxable, basis);
    if (taxable + taxSum(taxes) === amountPaise) return { taxable, ...taxes, total: amountPaise };
  }
  const taxes = taxesOn(guess, basis);
  return { taxable: amountPaise - taxSum(taxes), ...taxes, total: amountPaise };
}

/** The sums of lines, as a document's totals. */
export function sumTaxes(lines: LineTax[]): LineTax {
  return lines.reduce(
    (s, l) => ({
      taxable: s.taxable + l.taxable,
      cgst: s.cgst + l.cgst,
      sgst: s.sgst + l.sgst,
      igst: s.igst + l.igst,
      total: s.total + l.total,
    }),
    { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  );
}

/** A product's or service's tax class: its HSN code or SAC and its GST rate. */
export interface TaxClass {
  hsnSac: string;
  gstRate: GstRate;
}

/**
 * What a new product of each shop category is taxed as unless the admin says otherwise (decision 053): pet food
 * (dog or cat food put up for retail sale, heading 2309) at 18%, toys (9503) and harnesses and leads (4201) at 5%
 * and pet shampoos (3305) at 5%, as we read the rates in force from 22 September 2025; the clinic's accountant confirms
 * them (an admin changes any product's).
 */
export const CATEGORY_TAX: Record<'Food' | 'Toys' | 'Accessories' | 'Care', TaxClass> = {
  Food: { hsnSac: '2309', gstRate: 18 },
  Toys: { hsnSac: '9503', gstRate: 5 },
  Accessories: { hsnSac: '4201', gstRate: 5 },
  Care: { hsnSac: '3305', gstRate: 5 },
};

/**
 * What a new service of each kind is taxed as unless the admin says otherwise: a veterinary clinic's health care of
 * animals (checkups, emergencies) is exempt (SAC 998351, Notification 12/2017-Central Tax (Rate) entry 46); training
 * and pickup rides are other services (999799) at 18%.
 */
export const OFFERING_KIND_TAX: Record<'checkup' | 'training' | 'pickup' | 'emergency', TaxClass> = {
  checkup: { hsnSac: '998351', gstRate: 0 },
  emergency: { hsnSac: '998351', gstRate: 0 },
  training: { hsnSac: '999799', gstRate: 18 },
  pickup: { hsnSac: '999799', gstRate: 18 },
};
