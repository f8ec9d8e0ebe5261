/**
 * The earnings module's public surface: what other modules may import from it (docs/adding-a-feature.md
 * "Rules"). Other modules import this file only, never the files behind it; the module registers itself
 * in module.ts.
 */
export { boostOf, NO_BOOST_BASIS_POINTS, rewardBoostBasisPoints } from './boost.ts';
export { grantEarning } from './earnings.ts';
