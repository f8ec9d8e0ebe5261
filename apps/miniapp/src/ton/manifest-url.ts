/** Where the Mini App serves its TON Connect manifest (`public/tonconnect-manifest.json`; the build lives at /tma/). */
export const TONCONNECT_MANIFEST_PATH = '/tma/tonconnect-manifest.json';

/** Wallets fetch the manifest themselves, so TON Connect needs its absolute URL: this page's origin + the path. */
export function tonConnectManifestUrl(origin: string): string {
  return new URL(TONCONNECT_MANIFEST_PATH, origin).href;
}
