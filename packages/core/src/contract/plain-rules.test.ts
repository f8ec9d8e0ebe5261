import { describe, expect, it } from 'vitest';
import { clanNameSchema, isClanName } from './clans.ts';
import { isKycName, kycNameSchema } from './kyc.ts';
import { isPlaceName, placeNameSchema } from './location.ts';
import { isLastName, profilePatchBody } from './profile.ts';

// Forms check these names with the plain functions (the front ends ship no schemas); the API with the schemas.
const NAMES = [
  '',
  ' ',
  'A',
  'Al',
  ' Al ',
  'Ravi Kumar',
  "D'Souza",
  'J. R. Tolkien',
  'राहुल शर्मा',
  'João Araújo',
  '1337 Squad',
  'Team_Rocket-7',
  '.dot first',
  'emoji 🎮',
  'a'.repeat(24),
  'a'.repeat(25),
  'a'.repeat(100),
  'a'.repeat(101),
  'tab\there',
  'x<script>',
];

describe('plain name rules', () => {
  it.each(NAMES)('isKycName agrees with kycNameSchema on %j', (name) => {
    expect(isKycName(name)).toBe(kycNameSchema.safeParse(name).success);
  });
  it.each(NAMES)('isClanName agrees with clanNameSchema on %j', (name) => {
    expect(isClanName(name)).toBe(clanNameSchema.safeParse(name).success);
  });
  it('tells a good name from a bad one', () => {
    expect([isKycName('Ravi Kumar'), isKycName('1337')]).toEqual([true, false]);
    expect([isClanName('1337 Squad'), isClanName('emoji 🎮')]).toEqual([true, false]);
  });
});

describe('plain profile rules', () => {
  const PLACES = [
    'Pune',
    ' São Paulo ',
    'IIT (Bombay)',
    "St. Xavier's",
    '',
    '-dash',
    'a'.repeat(80),
    'a'.repeat(81),
    'x<y',
  ];
  const LAST_NAMES = [
    'Sharma',
    "O'Neil",
    'da Silva',
    'शर्मा',
    '',
    '1st',
    'a'.repeat(30),
    'a'.repeat(31),
    'Jean-Luc',
  ];
  it.each(PLACES)('isPlaceName agrees with placeNameSchema on %j', (value) => {
    expect(isPlaceName(value)).toBe(placeNameSchema.safeParse(value).success);
  });
  it.each(LAST_NAMES)("isLastName agrees with profilePatchBody's last name on %j", (value) => {
    expect(isLastName(value)).toBe(profilePatchBody.safeParse({ last_name: value }).success);
  });
});
