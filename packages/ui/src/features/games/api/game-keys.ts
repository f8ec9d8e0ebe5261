/** Query keys of the games feature: every key starts with `games`. */
export const gamesRootKey = ['games'] as const;
export const gamesQueryKey = (query: Record<string, string>) => [...gamesRootKey, 'list', query] as const;
export const gameQueryKey = (slug: string) => [...gamesRootKey, 'by-slug', slug] as const;
export const gameFiltersQueryKey = [...gamesRootKey, 'filters'] as const;
export const gameMetadataQueryKey = [...gamesRootKey, 'metadata'] as const;
export const gameGenresQueryKey = [...gamesRootKey, 'genres'] as const;
export const gamePlatformsQueryKey = [...gamesRootKey, 'platforms'] as const;
export const gameNetworksQueryKey = [...gamesRootKey, 'networks'] as const;
export const gameLoginMethodsQueryKey = [...gamesRootKey, 'login-methods'] as const;
/** The catalogue's vocabularies change only with a release. */
export const CATALOGUE_STALE_MS = 10 * 60_000;
