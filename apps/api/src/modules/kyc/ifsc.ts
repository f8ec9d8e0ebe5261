import { createRequire } from 'node:module';

/**
 * IFSC look-up in razorpay's `ifsc` package data, offline. The package ships every IFSC that RBI and
 * NPCI list (`IFSC.json`: branch codes per bank code), bank names (`banknames.json`) and the sub-member
 * banks that use a sponsor bank's codes (`sublet.json`, `custom-sublets.json`). Branch, city and
 * address are only served by razorpay's online API, which we do not call: they stay null.
 *
 * The package's own `validate` sits in a module that also loads its HTTP client (`request`, removed by
 * an override in pnpm-workspace.yaml), so the same check is done here on its data.
 */
export interface IfscInfo {
  ifsc: string;
  /** Code of the bank the account is at (a sub-member bank's own code, not its sponsor's). */
  bankCode: string;
  bankName: string;
  branch: string | null;
  city: string | null;
}

interface IfscData {
  branches: Record<string, (string | number)[]>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: [prefix: string, bankCode: string][];
}

let data: IfscData | null = null;
const branchSets = new Map<string, Set<string>>();

/** Read on first use (about 1 MB of JSON), not at start. */
function load(): IfscData {
  if (data) return data;
  const require = createRequire(import.meta.url);
  const customSublets = require('ifsc/src/custom-sublets.json') as Record<string, string>;
  data = {
    branches: require('ifsc/src/IFSC.json') as IfscData['branches'],
    bankNames: require('ifsc/src/banknames.json') as IfscData['bankNames'],
    sublets: require('ifsc/src/sublet.json') as IfscData['sublets'],
    // Longest prefix first, so the most specific entry wins.
    customSublets: Object.entries(customSublets).sort((a, b) => b[0].length - a[0].length),
  };
  return data;
}

/** Branch codes of one bank as strings (the data stores all-digit codes as numbers). */
function branchesOf(bank: string): Set<string> | null {
  const d = load();
  if (!Object.hasOwn(d.branches, bank)) return null;
  let set = branchSets.get(bank);
  if (!set) {
    set = new Set(d.branches[bank]!.map((code) => (typeof code === 'number' ? String(code) : code)));
    branchSets.set(bank, set);
  }
  return set;
}

/** Whether the code is in the data (same rule as the package's `validate`). */
export function isKnownIfsc(code: string): boolean {
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(code)) return false;
  const branches = branchesOf(code.slice(0, 4));
  if (!branches) return false;
  const branch = code.slice(5);
  // All-digit branch codes are stored as numbers, so leading zeros do not count (000691 is 691).
  return branches.has(/^\d+$/.test(branch) ? String(Number.parseInt(branch, 10)) : branch);
}

/** The bank behind an IFSC, or null when the code is not a known branch. */
export function lookupIfsc(code: string): IfscInfo | null {
  const ifsc = code.toUpperCase();
  if (!isKnownIfsc(ifsc)) return null;
  const d = load();
  const sublet = Object.hasOwn(d.sublets, ifsc) ? d.sublets[ifsc] : undefined;
  const bankCode =
    sublet ?? d.customSublets.find(([prefix]) => ifsc.startsWith(prefix))?.[1] ?? ifsc.slice(0, 4);
  const bankName =
    (Object.hasOwn(d.bankNames, bankCode) ? d.bankNames[bankCode] : undefined) ??
    (Object.hasOwn(d.bankNames, ifsc.slice(0, 4)) ? d.bankNames[ifsc.slice(0, 4)] : undefined) ??
    bankCode;
  return { ifsc, bankCode, bankName, branch: null, city: null };
}
