import type { CampaignEligibility, CampaignIneligibleReason, ContinentCode } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { loadKycState } from '../kyc/index.ts';
import { holdsPog, isInClan } from '../quests/index.ts';
import { shoppingCountryOf } from '../store/index.ts';

/**
 * Who may enter a campaign (its eligibility rules, frozen when it went LIVE): the user's country (the
 * profile's, else the phone's calling code: the same rule as the store's), its continent, KYC done, a
 * POG card held, a clan joined. An unknown country or continent does not match a campaign that lists some.
 */

/** Alpha-2 codes by continent (the continents geolocation names; countries-list's table). */
const CONTINENT_TABLE: Record<ContinentCode, string> = {
  AF:
    'AC AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU ' +
    'MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TA TD TG TN TZ UG YT ZA ZM ZW',
  EU:
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC ' +
    'MD ME MK MT NL NO PL PT RO RS SE SI SJ SK SM UA VA XK',
  AS:
    'AE AF AM AZ BD BH BN BT CC CN CX GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV ' +
    'MY NP OM PH PK PS QA RU SA SG SY TH TJ TM TR TW UZ VN YE',
  NA:
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV ' +
    'SX TC TT US VC VG VI',
  AN: 'AQ BV GS HM TF',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TL TO TV UM VU WF WS',
};

const CONTINENT_OF = new Map<string, ContinentCode>(
  (Object.entries(CONTINENT_TABLE) as [ContinentCode, string][]).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent] as const),
  ),
);

/** The continent of an alpha-2 country code, or null when unknown. */
export const continentOf = (country: string | null): ContinentCode | null =>
  country ? (CONTINENT_OF.get(country.toUpperCase()) ?? null) : null;

/** What stands between the user and entering (empty: eligible), in CAMPAIGN_INELIGIBLE_REASONS order. */
export async function ineligibleReasons(
  db: Executor,
  user: Pick<UserRow, 'id' | 'country' | 'phoneNumber'>,
  rules: CampaignEligibility,
): Promise<CampaignIneligibleReason[]> {
  const reasons: CampaignIneligibleReason[] = [];
  const country = shoppingCountryOf(user);
  const continent = continentOf(country);
  if (rules.countries.length > 0 && !(country && rules.countries.includes(country))) reasons.push('COUNTRY');
  if (rules.continents.length > 0 && !(continent && rules.continents.includes(continent)))
    reasons.push('CONTINENT');
  if (rules.kycRequired && !(await loadKycState(db, user.id)).complete) reasons.push('KYC');
  if (rules.pogRequired && !(await holdsPog(db, user.id))) reasons.push('POG');
  if (rules.clanRequired && !(await isInClan(db, user.id))) reasons.push('CLAN');
  return reasons;
}
