import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface TonConnectManifest {
  /** The app's URL: wallets show it and put its host in ton_proof's domain, which the API checks. */
  url: string;
  name: string;
  /** PNG, absolute (wallets fetch it). */
  iconUrl: string;
  termsOfUseUrl?: string;
  privacyPolicyUrl?: string;
}

/** The manifest for the site at `origin` (e.g. https://khel.example): same name, URLs on that origin. */
export function manifestFor(origin: string): TonConnectManifest {
  const base = new URL(origin).origin;
  return {
    url: base,
    name: 'Khel',
    iconUrl: `${base}/tma/tonconnect-icon.png`,
    termsOfUseUrl: `${base}/terms-and-conditions`,
    privacyPolicyUrl: `${base}/privacy-policy`,
  };
}

/**
 * `public/tonconnect-manifest.json` names http://localhost:8080 (the all-in-one default). A build
 * with PUBLIC_URL set (the same variable the API reads, whose host the API accepts in ton_proof)
 * rewrites it for that origin.
 */
export function tonConnectManifest(publicUrl: string | undefined): Plugin {
  let outDir = 'dist';
  return {
    name: 'khel-tonconnect-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      if (!publicUrl) return;
      writeFileSync(
        join(outDir, 'tonconnect-manifest.json'),
        `${JSON.stringify(manifestFor(publicUrl), null, 2)}\n`,
      );
    },
  };
}
