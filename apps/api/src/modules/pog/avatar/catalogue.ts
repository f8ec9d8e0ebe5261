import { createHash } from 'node:crypto';
import { POG_THEMES, type PogTheme } from '@khel/core/contract';

/**
 * What a gamer chooses for a POG avatar (SPEC: AvatarCategorySelection, CharacterSelection,
 * StyleSelection): a theme (SPEC's six), one of its categories, one of the category's characters, and
 * one of the theme's art styles. Ids are kebab-case and stable (they are stored with a POG); labels are
 * English (the UI translates them by id). Each entry also says how the sandbox draws it with DiceBear
 * (`dicebear`: the collection style and its options) and how it is described to an AI model (`prompt`).
 */

/** SPEC's themes, as the contract lists them. */
export { POG_THEMES, type PogTheme };

/** The DiceBear collection styles the catalogue draws with (export names of @dicebear/collection). */
export const DICEBEAR_STYLES = [
  'adventurer',
  'lorelei',
  'bigEars',
  'micah',
  'personas',
  'bigSmile',
  'funEmoji',
  'dylan',
  'bottts',
  'pixelArt',
  'notionists',
  'openPeeps',
] as const;
export type DicebearStyleName = (typeof DICEBEAR_STYLES)[number];

/**
 * Options of a DiceBear style (its own schema: lists of part variants, `…Probability` 0–100, colour
 * lists as hex without '#'). The seed picks among the values of each list.
 */
export type DicebearOptions = Readonly<Record<string, readonly string[] | number>>;

export interface AvatarCharacter {
  id: string;
  label: string;
  /** How an AI model is told to draw the character. */
  prompt: string;
  /** DiceBear options of the category's style that make this character. */
  options: DicebearOptions;
  /** A skin tint the character keeps (a zombie stays green): mixed with the selfie's skin when there is one. */
  skinTint?: string;
}

export interface AvatarCategory {
  id: string;
  label: string;
  /** The DiceBear collection style every character of this category is drawn with. */
  dicebear: DicebearStyleName;
  characters: readonly AvatarCharacter[];
}

export interface AvatarStyle {
  id: string;
  label: string;
  /** How an AI model is told to render the picture. */
  prompt: string;
  /** The backdrop: gradient from → to, the frame's accent, the motif's ink (hex with '#'). */
  palette: { from: string; to: string; accent: string; ink: string };
  /** Clothing / robot colours the style dresses characters in (DiceBear hex without '#'). */
  outfit: readonly string[];
  /** DiceBear core options for this style (mirror the character, tilt it). */
  dicebear: { flip?: boolean; rotate?: number };
}

/** The theme's backdrop motif, drawn by the sandbox behind the character. */
export type BackdropMotif = 'peaks' | 'sparkles' | 'burst' | 'dots' | 'grid' | 'moon';

export interface AvatarThemeEntry {
  theme: PogTheme;
  label: string;
  prompt: string;
  motif: BackdropMotif;
  categories: readonly AvatarCategory[];
  styles: readonly AvatarStyle[];
}

export interface AvatarChoice {
  theme: PogTheme;
  category: string;
  character: string;
  style: string;
}

const smiles = {
  lorelei: ['happy01', 'happy02', 'happy03', 'happy04', 'happy05', 'happy08', 'happy09', 'happy10'],
  pixelArt: ['happy01', 'happy02', 'happy03', 'happy04', 'happy05', 'happy06', 'happy07', 'happy08'],
} as const;

export const AVATAR_THEMES: readonly AvatarThemeEntry[] = [
  {
    theme: 'Adventure',
    label: 'Adventure',
    prompt: 'an adventure story set in the wild outdoors',
    motif: 'peaks',
    categories: [
      {
        id: 'explorers',
        label: 'Explorers',
        dicebear: 'adventurer',
        characters: [
          {
            id: 'trailblazer',
            label: 'Trailblazer',
            prompt: 'a bold trailblazer with windswept hair and a confident grin',
            options: { hair: ['short01', 'short03', 'short05', 'short09', 'short11'], glassesProbability: 0 },
          },
          {
            id: 'treasure-hunter',
            label: 'Treasure Hunter',
            prompt: 'a treasure hunter with gold earrings and a sly smile',
            options: {
              hair: ['long01', 'long04', 'long08', 'long12', 'long19'],
              earrings: ['variant01', 'variant03', 'variant05'],
              earringsProbability: 100,
              glassesProbability: 0,
            },
          },
          {
            id: 'mountaineer',
            label: 'Mountaineer',
            prompt: 'a mountaineer with snow goggles and sun-tanned cheeks',
            options: {
              hair: ['short02', 'short06', 'short14', 'long03'],
              glasses: ['variant01', 'variant02', 'variant04'],
              glassesProbability: 100,
              features: ['blush'],
              featuresProbability: 100,
            },
          },
          {
            id: 'sailor',
            label: 'Sailor',
            prompt: 'a weathered sailor with a bushy moustache',
            options: {
              hair: ['short04', 'short07', 'short10', 'short15'],
              features: ['mustache'],
              featuresProbability: 100,
              glassesProbability: 0,
            },
          },
        ],
      },
      {
        id: 'wanderers',
        label: 'Wanderers',
        dicebear: 'notionists',
        characters: [
          {
            id: 'nomad',
            label: 'Nomad',
            prompt: 'a bearded desert nomad in a loose robe',
            options: { beardProbability: 100, glassesProbability: 0, gestureProbability: 0 },
          },
          {
            id: 'cartographer',
            label: 'Cartographer',
            prompt: 'a bespectacled cartographer pointing at a far horizon',
            options: {
              glassesProbability: 100,
              beardProbability: 0,
              gesture: ['point', 'pointLongArm'],
              gestureProbability: 100,
            },
          },
          {
            id: 'ranger',
            label: 'Ranger',
            prompt: 'a forest ranger in a wide-brimmed hat giving a thumbs-up',
            options: {
              hair: ['hat'],
              gesture: ['ok', 'okLongArm'],
              gestureProbability: 100,
              glassesProbability: 0,
            },
          },
        ],
      },
    ],
    styles: [
      {
        id: 'sunrise',
        label: 'Sunrise',
        prompt: 'warm golden-hour light, soft painterly illustration',
        palette: { from: '#ff9a3c', to: '#ff4f79', accent: '#7a2e0e', ink: '#fff1d6' },
        outfit: ['f4511e', 'fb8c00'],
        dicebear: {},
      },
      {
        id: 'jungle',
        label: 'Jungle',
        prompt: 'lush jungle greens, bold storybook illustration',
        palette: { from: '#1f7a4d', to: '#9ccc65', accent: '#0c3b23', ink: '#d9f99d' },
        outfit: ['43a047', '7cb342'],
        dicebear: { flip: true },
      },
      {
        id: 'desert',
        label: 'Desert',
        prompt: 'sun-bleached desert sands, flat poster art',
        palette: { from: '#f6d365', to: '#d4894a', accent: '#6b3a12', ink: '#fff8e1' },
        outfit: ['ffb300', '6d4c41'],
        dicebear: {},
      },
      {
        id: 'glacier',
        label: 'Glacier',
        prompt: 'icy blues and crisp white light, clean vector illustration',
        palette: { from: '#e0f2fe', to: '#3b82f6', accent: '#1e3a8a', ink: '#ffffff' },
        outfit: ['039be5', '1e88e5'],
        dicebear: { flip: true },
      },
    ],
  },
  {
    theme: 'Fantasy',
    label: 'Fantasy',
    prompt: 'a high-fantasy world of magic',
    motif: 'sparkles',
    categories: [
      {
        id: 'elves-and-mages',
        label: 'Elves & Mages',
        dicebear: 'lorelei',
        characters: [
          {
            id: 'elf-archer',
            label: 'Elf Archer',
            prompt: 'an elf archer with long flowing hair and keen eyes',
            options: {
              hair: ['variant01', 'variant05', 'variant12', 'variant20', 'variant33'],
              mouth: smiles.lorelei,
              beardProbability: 0,
              glassesProbability: 0,
            },
          },
          {
            id: 'mage',
            label: 'Mage',
            prompt: 'a wise bearded mage with round spectacles',
            options: {
              beard: ['variant01', 'variant02'],
              beardProbability: 100,
              glassesProbability: 100,
              mouth: smiles.lorelei,
            },
          },
          {
            id: 'enchantress',
            label: 'Enchantress',
            prompt: 'an enchantress with flowers woven into her hair',
            options: {
              hairAccessories: ['flowers'],
              hairAccessoriesProbability: 100,
              earringsProbability: 100,
              beardProbability: 0,
              mouth: smiles.lorelei,
            },
          },
          {
            id: 'druid',
            label: 'Druid',
            prompt: 'a freckled druid with wild hair',
            options: {
              freckles: ['variant01'],
              frecklesProbability: 100,
              hair: ['variant08', 'variant17', 'variant25', 'variant40'],
              beardProbability: 0,
              mouth: smiles.lorelei,
            },
          },
        ],
      },
      {
        id: 'creatures',
        label: 'Creatures',
        dicebear: 'bigEars',
        characters: [
          {
            id: 'goblin',
            label: 'Goblin',
            prompt: 'a mischievous green-skinned goblin with big pointed ears',
            options: { ear: ['variant03', 'variant05', 'variant07'], cheekProbability: 0 },
            skinTint: '#7fb069',
          },
          {
            id: 'pixie',
            label: 'Pixie',
            prompt: 'a rosy-cheeked pixie with sparkling eyes',
            options: { ear: ['variant01', 'variant02'], cheekProbability: 100 },
            skinTint: '#f7c6d9',
          },
          {
            id: 'troll',
            label: 'Troll',
            prompt: 'a friendly mossy-grey troll',
            options: { ear: ['variant04', 'variant06', 'variant08'], cheekProbability: 0 },
            skinTint: '#8d9a84',
          },
        ],
      },
    ],
    styles: [
      {
        id: 'enchanted-forest',
        label: 'Enchanted Forest',
        prompt: 'glowing enchanted forest, watercolour fairy-tale illustration',
        palette: { from: '#134e4a', to: '#65a30d', accent: '#052e16', ink: '#fef08a' },
        outfit: ['00897b', '43a047'],
        dicebear: {},
      },
      {
        id: 'starlit',
        label: 'Starlit',
        prompt: 'deep starlit night sky, luminous digital painting',
        palette: { from: '#1e1b4b', to: '#6d28d9', accent: '#fbbf24', ink: '#fde68a' },
        outfit: ['5e35b1', '3949ab'],
        dicebear: { flip: true },
      },
      {
        id: 'royal',
        label: 'Royal',
        prompt: 'regal crimson and gold, ornate illuminated-manuscript style',
        palette: { from: '#7f1d1d', to: '#dc2626', accent: '#facc15', ink: '#fef3c7' },
        outfit: ['e53935', 'fdd835'],
        dicebear: {},
      },
      {
        id: 'mystic',
        label: 'Mystic',
        prompt: 'misty violet magic, dreamy soft-focus illustration',
        palette: { from: '#c4b5fd', to: '#f0abfc', accent: '#581c87', ink: '#ffffff' },
        outfit: ['8e24aa', 'd81b60'],
        dicebear: { flip: true },
      },
    ],
  },
  {
    theme: 'Action',
    label: 'Action',
    prompt: 'a high-octane action movie',
    motif: 'burst',
    categories: [
      {
        id: 'heroes',
        label: 'Heroes',
        dicebear: 'micah',
        characters: [
          {
            id: 'commando',
            label: 'Commando',
            prompt: 'a battle-ready commando with a stubbled jaw and a smirk',
            options: {
              hair: ['mrClean', 'fonze', 'dougFunny'],
              facialHair: ['beard', 'scruff'],
              facialHairProbability: 100,
              mouth: ['smirk', 'smile'],
              glassesProbability: 0,
            },
          },
          {
            id: 'street-racer',
            label: 'Street Racer',
            prompt: 'a street racer in square shades with a daring smile',
            options: {
              hair: ['dannyPhantom', 'fonze', 'pixie'],
              glasses: ['square'],
              glassesProbability: 100,
              mouth: ['smile', 'laughing'],
              facialHairProbability: 0,
            },
          },
          {
            id: 'martial-artist',
            label: 'Martial Artist',
            prompt: 'a focused martial artist with a determined look',
            options: {
              hair: ['pixie', 'mrT', 'full'],
              mouth: ['smile', 'smirk'],
              eyes: ['eyes', 'eyesShadow'],
              glassesProbability: 0,
              facialHairProbability: 0,
            },
          },
        ],
      },
      {
        id: 'mercenaries',
        label: 'Mercenaries',
        dicebear: 'personas',
        characters: [
          {
            id: 'sniper',
            label: 'Sniper',
            prompt: 'a calm sniper in a cap and dark sunglasses',
            options: { hair: ['cap', 'buzzcut'], eyes: ['sunglasses'], mouth: ['smirk', 'smile'] },
          },
          {
            id: 'bounty-hunter',
            label: 'Bounty Hunter',
            prompt: 'a rugged bounty hunter with a goatee and a beanie',
            options: {
              hair: ['beanie', 'sideShave', 'mohawk'],
              facialHair: ['goatee', 'beardMustache', 'walrus'],
              facialHairProbability: 100,
              mouth: ['smirk'],
            },
          },
          {
            id: 'bodyguard',
            label: 'Bodyguard',
            prompt: 'an imposing bodyguard with a shaved head and shades',
            options: {
              hair: ['bald', 'fade', 'buzzcut'],
              eyes: ['sunglasses', 'glasses'],
              body: ['squared'],
              mouth: ['smile', 'smirk'],
            },
          },
        ],
      },
    ],
    styles: [
      {
        id: 'comic-blast',
        label: 'Comic Blast',
        prompt: 'explosive comic-book panel, bold ink lines and halftone',
        palette: { from: '#facc15', to: '#ef4444', accent: '#111827', ink: '#fff7ed' },
        outfit: ['e24553', 'f3b63a', 'f9c9b6'],
        dicebear: {},
      },
      {
        id: 'neon-night',
        label: 'Neon Night',
        prompt: 'neon-lit city night, cinematic poster',
        palette: { from: '#0f172a', to: '#db2777', accent: '#22d3ee', ink: '#f472b6' },
        outfit: ['7555ca', '456dff', '9287ff'],
        dicebear: { flip: true },
      },
      {
        id: 'steel',
        label: 'Steel',
        prompt: 'brushed steel and cold blue light, gritty action poster',
        palette: { from: '#334155', to: '#94a3b8', accent: '#0f172a', ink: '#e2e8f0' },
        outfit: ['456dff', '54d7c7', 'd2eff3'],
        dicebear: {},
      },
      {
        id: 'inferno',
        label: 'Inferno',
        prompt: 'roaring flames and embers, dramatic movie poster',
        palette: { from: '#7c2d12', to: '#f97316', accent: '#1c0a00', ink: '#fde047' },
        outfit: ['e24553', 'f3b63a', 'fc909f'],
        dicebear: { flip: true },
      },
    ],
  },
  {
    theme: 'Toon',
    label: 'Toon',
    prompt: 'a playful Saturday-morning cartoon',
    motif: 'dots',
    categories: [
      {
        id: 'cartoon-kids',
        label: 'Cartoon Kids',
        dicebear: 'bigSmile',
        characters: [
          {
            id: 'prankster',
            label: 'Prankster',
            prompt: 'a giggling prankster with a clown nose',
            options: {
              accessories: ['clownNose'],
              accessoriesProbability: 100,
              mouth: ['gapSmile', 'teethSmile'],
              eyes: ['winking', 'cheery'],
            },
          },
          {
            id: 'dreamer',
            label: 'Dreamer',
            prompt: 'a starry-eyed dreamer with a gentle smile',
            options: { eyes: ['starstruck'], mouth: ['openedSmile', 'kawaii'], accessoriesProbability: 0 },
          },
          {
            id: 'cool-kid',
            label: 'Cool Kid',
            prompt: 'a cool kid in sunglasses with a mohawk',
            options: {
              accessories: ['sunglasses'],
              accessoriesProbability: 100,
              hair: ['mohawk', 'halfShavedHead', 'curlyShortHair'],
              mouth: ['teethSmile', 'awkwardSmile'],
            },
          },
        ],
      },
      {
        id: 'emoji',
        label: 'Emoji',
        dicebear: 'funEmoji',
        characters: [
          {
            id: 'grinning',
            label: 'Grinning',
            prompt: 'a round grinning emoji face',
            options: { eyes: ['cute', 'plain', 'stars'], mouth: ['wideSmile', 'smileTeeth', 'smileLol'] },
          },
          {
            id: 'shades',
            label: 'Shades',
            prompt: 'a round emoji face wearing shades',
            options: { eyes: ['shades'], mouth: ['lilSmile', 'smileTeeth'] },
          },
          {
            id: 'cheeky',
            label: 'Cheeky',
            prompt: 'a winking emoji face sticking its tongue out',
            options: { eyes: ['wink', 'wink2'], mouth: ['tongueOut', 'kissHeart'] },
          },
        ],
      },
      {
        id: 'buddies',
        label: 'Buddies',
        dicebear: 'dylan',
        characters: [
          {
            id: 'sunny',
            label: 'Sunny',
            prompt: 'a beaming cartoon buddy',
            options: { mood: ['superHappy'], hair: ['spiky', 'fluffy', 'buns'] },
          },
          {
            id: 'chill',
            label: 'Chill',
            prompt: 'a laid-back cartoon buddy with a relaxed smile',
            options: { mood: ['happy', 'hopeful'], hair: ['shaggy', 'wavy', 'longCurls'] },
          },
          {
            id: 'curious',
            label: 'Curious',
            prompt: 'a curious cartoon buddy with a puzzled look',
            options: { mood: ['confused', 'neutral'], hair: ['bangs', 'roundBob', 'parting'] },
          },
        ],
      },
    ],
    styles: [
      {
        id: 'bubblegum',
        label: 'Bubblegum',
        prompt: 'bubblegum pinks and candy colours, glossy cartoon',
        palette: { from: '#f9a8d4', to: '#a78bfa', accent: '#831843', ink: '#ffffff' },
        outfit: ['d81b60'],
        dicebear: {},
      },
      {
        id: 'saturday-morning',
        label: 'Saturday Morning',
        prompt: 'bright primary colours, classic TV cartoon cel',
        palette: { from: '#38bdf8', to: '#facc15', accent: '#1d4ed8', ink: '#ffffff' },
        outfit: ['1e88e5'],
        dicebear: { flip: true },
      },
      {
        id: 'pastel',
        label: 'Pastel',
        prompt: 'soft pastel tones, cute flat illustration',
        palette: { from: '#bbf7d0', to: '#fde68a', accent: '#166534', ink: '#ffffff' },
        outfit: ['7cb342'],
        dicebear: {},
      },
    ],
  },
  {
    theme: 'Sci-Fi',
    label: 'Sci-Fi',
    prompt: 'a far-future science-fiction universe',
    motif: 'grid',
    categories: [
      {
        id: 'robots',
        label: 'Robots',
        dicebear: 'bottts',
        characters: [
          {
            id: 'mech',
            label: 'Mech',
            prompt: 'a heavy battle mech with a visor and antennas',
            options: {
              face: ['square01', 'square02', 'square03', 'square04'],
              eyes: ['robocop', 'sensor', 'shade01'],
              top: ['antenna', 'antennaCrooked', 'radar'],
              mouth: ['grill01', 'grill02', 'grill03'],
            },
          },
          {
            id: 'droid',
            label: 'Droid',
            prompt: 'a friendly round helper droid with glowing eyes',
            options: {
              face: ['round01', 'round02'],
              eyes: ['round', 'glow', 'happy', 'hearts'],
              top: ['bulb01', 'glowingBulb01', 'glowingBulb02', 'lights'],
              mouth: ['smile01', 'smile02'],
            },
          },
          {
            id: 'cyborg',
            label: 'Cyborg',
            prompt: 'a cyborg with circuit-etched plating',
            options: {
              texture: ['circuits'],
              textureProbability: 100,
              eyes: ['eva', 'frame1', 'frame2', 'roundFrame01'],
              top: ['pyramid', 'horns', 'lights'],
            },
          },
        ],
      },
      {
        id: 'pixel-pilots',
        label: 'Pixel Pilots',
        dicebear: 'pixelArt',
        characters: [
          {
            id: 'space-pilot',
            label: 'Space Pilot',
            prompt: 'a starship pilot in dark flight goggles',
            options: {
              glasses: ['dark01', 'dark02', 'dark03', 'dark04'],
              glassesProbability: 100,
              mouth: smiles.pixelArt,
              beardProbability: 0,
            },
          },
          {
            id: 'hacker',
            label: 'Hacker',
            prompt: 'a long-haired hacker with light-tinted glasses',
            options: {
              hair: ['long01', 'long05', 'long10', 'long15', 'long20'],
              glasses: ['light01', 'light03', 'light05'],
              glassesProbability: 100,
              mouth: smiles.pixelArt,
            },
          },
          {
            id: 'android',
            label: 'Android',
            prompt: 'a pale silver-skinned android',
            options: {
              hatProbability: 100,
              glassesProbability: 0,
              beardProbability: 0,
              mouth: smiles.pixelArt,
            },
            skinTint: '#c9d6df',
          },
        ],
      },
    ],
    styles: [
      {
        id: 'hologram',
        label: 'Hologram',
        prompt: 'cyan holographic projection, glowing wireframe',
        palette: { from: '#083344', to: '#0891b2', accent: '#67e8f9', ink: '#a5f3fc' },
        outfit: ['00acc1', '039be5', '5bc0de'],
        dicebear: {},
      },
      {
        id: 'deep-space',
        label: 'Deep Space',
        prompt: 'deep space nebula, cinematic concept art',
        palette: { from: '#020617', to: '#4338ca', accent: '#a5b4fc', ink: '#c7d2fe' },
        outfit: ['3949ab', '5e35b1', '428bca'],
        dicebear: { flip: true },
      },
      {
        id: 'cyberpunk',
        label: 'Cyberpunk',
        prompt: 'rain-soaked cyberpunk neon, magenta and yellow',
        palette: { from: '#581c87', to: '#ec4899', accent: '#facc15', ink: '#fde047' },
        outfit: ['d81b60', 'fdd835', 'ff6f69'],
        dicebear: {},
      },
      {
        id: 'mainframe',
        label: 'Mainframe',
        prompt: 'green-on-black terminal glow, retro computer art',
        palette: { from: '#022c22', to: '#15803d', accent: '#4ade80', ink: '#86efac' },
        outfit: ['43a047', '7cb342', '44c585'],
        dicebear: { flip: true },
      },
    ],
  },
  {
    theme: 'Horror',
    label: 'Horror',
    prompt: 'a spooky horror tale',
    motif: 'moon',
    categories: [
      {
        id: 'undead',
        label: 'Undead',
        dicebear: 'adventurer',
        characters: [
          {
            id: 'zombie',
            label: 'Zombie',
            prompt: 'a goofy green-skinned zombie with messy hair',
            options: {
              hair: ['short12', 'short16', 'long06', 'long14'],
              features: ['birthmark', 'freckles'],
              featuresProbability: 100,
              glassesProbability: 0,
            },
            skinTint: '#8fae6f',
          },
          {
            id: 'vampire',
            label: 'Vampire',
            prompt: 'an elegant pale vampire with slicked-back dark hair',
            options: {
              hair: ['short01', 'short08', 'long02', 'long17'],
              hairColor: ['0e0e0e', '592454'],
              earringsProbability: 0,
              glassesProbability: 0,
            },
            skinTint: '#ece6f5',
          },
          {
            id: 'ghoul',
            label: 'Ghoul',
            prompt: 'a hollow-eyed grey ghoul',
            options: { hair: ['long09', 'long22', 'short13'], glassesProbability: 0, featuresProbability: 0 },
            skinTint: '#9b9a8c',
          },
        ],
      },
      {
        id: 'creeps',
        label: 'Creeps',
        dicebear: 'openPeeps',
        characters: [
          {
            id: 'masked-stalker',
            label: 'Masked Stalker',
            prompt: 'a masked stalker lurking in the shadows',
            options: { mask: ['respirator', 'medicalMask'], maskProbability: 100, accessoriesProbability: 0 },
          },
          {
            id: 'mad-scientist',
            label: 'Mad Scientist',
            prompt: 'a wild-haired mad scientist with goggles',
            options: {
              head: ['grayShort', 'grayMedium', 'grayBun', 'afro'],
              face: ['hectic', 'driven', 'smileLOL'],
              accessories: ['glasses', 'glasses2', 'glasses4'],
              accessoriesProbability: 100,
              maskProbability: 0,
            },
          },
          {
            id: 'one-eyed',
            label: 'One-Eyed Monster',
            prompt: 'a grinning one-eyed monster',
            options: { face: ['cyclops', 'monster'], accessoriesProbability: 0, maskProbability: 0 },
          },
        ],
      },
    ],
    styles: [
      {
        id: 'graveyard',
        label: 'Graveyard',
        prompt: 'foggy moonlit graveyard, muted gothic illustration',
        palette: { from: '#0b1220', to: '#374151', accent: '#9ca3af', ink: '#e5e7eb' },
        outfit: ['757575', '546e7a', '8fa7df'],
        dicebear: {},
      },
      {
        id: 'blood-moon',
        label: 'Blood Moon',
        prompt: 'blood-red moon and deep shadows, eerie poster art',
        palette: { from: '#1a0000', to: '#991b1b', accent: '#fca5a5', ink: '#fecaca' },
        outfit: ['e78276', 'e53935', 'd81b60'],
        dicebear: { flip: true },
      },
      {
        id: 'haunted-mansion',
        label: 'Haunted Mansion',
        prompt: 'ghostly violet candlelight, Victorian haunted-house painting',
        palette: { from: '#1e1033', to: '#6b21a8', accent: '#d8b4fe', ink: '#a7f3d0' },
        outfit: ['8e24aa', 'e279c7', '5e35b1'],
        dicebear: {},
      },
    ],
  },
];

const byTheme = new Map(AVATAR_THEMES.map((entry) => [entry.theme, entry]));

export function isPogTheme(value: string): value is PogTheme {
  return (POG_THEMES as readonly string[]).includes(value);
}

/** The theme's entry (undefined for a value that is not one of SPEC's themes). */
export function themeOf(theme: string): AvatarThemeEntry | undefined {
  return isPogTheme(theme) ? byTheme.get(theme) : undefined;
}

/** The theme's categories, each with its characters ([] for an unknown theme). */
export function categoriesOf(theme: string): readonly AvatarCategory[] {
  return themeOf(theme)?.categories ?? [];
}

/** The characters of one category of the theme ([] when either is unknown). */
export function charactersOf(theme: string, category: string): readonly AvatarCharacter[] {
  return categoriesOf(theme).find((c) => c.id === category)?.characters ?? [];
}

/** The theme's art styles ([] for an unknown theme). */
export function stylesOf(theme: string): readonly AvatarStyle[] {
  return themeOf(theme)?.styles ?? [];
}

export interface ResolvedChoice {
  theme: AvatarThemeEntry;
  category: AvatarCategory;
  character: AvatarCharacter;
  style: AvatarStyle;
}

/** The catalogue entries of a choice, or null when any part is unknown or belongs to another theme. */
export function resolveChoice(choice: {
  theme: string;
  category: string;
  character: string;
  style: string;
}): ResolvedChoice | null {
  const theme = themeOf(choice.theme);
  const category = theme?.categories.find((c) => c.id === choice.category);
  const character = category?.characters.find((c) => c.id === choice.character);
  const style = theme?.styles.find((s) => s.id === choice.style);
  return theme && category && character && style ? { theme, category, character, style } : null;
}

/**
 * Whether the parts given belong together: the theme is one of SPEC's, the category is the theme's,
 * the character is that category's (it needs the category), the style is the theme's. A full choice
 * (all four) is what a picture is drawn from; the selection steps check the parts chosen so far.
 */
export function isValidChoice(choice: {
  theme: string;
  category?: string | null;
  character?: string | null;
  style?: string | null;
}): boolean {
  const theme = themeOf(choice.theme);
  if (!theme) return false;
  const category =
    choice.category == null ? undefined : theme.categories.find((c) => c.id === choice.category);
  if (choice.category != null && !category) return false;
  if (choice.character != null && !category?.characters.some((c) => c.id === choice.character)) return false;
  if (choice.style != null && !theme.styles.some((s) => s.id === choice.style)) return false;
  return true;
}

/** Whether all four parts are given and belong together. */
export function isCompleteChoice(choice: {
  theme: string;
  category: string;
  character: string;
  style: string;
}): choice is AvatarChoice {
  return resolveChoice(choice) !== null;
}

/** Every valid choice (for tests and for listing random variants). */
export function allChoices(): AvatarChoice[] {
  return AVATAR_THEMES.flatMap((theme) =>
    theme.categories.flatMap((category) =>
      category.characters.flatMap((character) =>
        theme.styles.map((style) => ({
          theme: theme.theme,
          category: category.id,
          character: character.id,
          style: style.id,
        })),
      ),
    ),
  );
}

/**
 * Quick mint's choice: a theme, category, character and style picked from the seed (e.g. the user's
 * id), so the same seed always gets the same choice and different seeds spread over the catalogue.
 */
export function defaultChoice(seed: string): AvatarChoice {
  const digest = createHash('sha256').update(`pog-avatar-default:${seed}`).digest();
  const pick = <T>(list: readonly T[], byte: number): T => list[digest.readUInt16BE(byte) % list.length]!;
  const theme = pick(AVATAR_THEMES, 0);
  const category = pick(theme.categories, 2);
  const character = pick(category.characters, 4);
  const style = pick(theme.styles, 6);
  return { theme: theme.theme, category: category.id, character: character.id, style: style.id };
}
