import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestFor } from '../../tonconnect-manifest.ts';
import { tonConnectManifestUrl } from './manifest-url.ts';

describe('TON Connect manifest', () => {
  it('is fetched from an absolute URL: the page origin + /tma/tonconnect-manifest.json', () => {
    expect(tonConnectManifestUrl('https://khel.example')).toBe(
      'https://khel.example/tma/tonconnect-manifest.json',
    );
    expect(tonConnectManifestUrl('http://127.0.0.1:41235')).toBe(
      'http://127.0.0.1:41235/tma/tonconnect-manifest.json',
    );
  });

  it('the served file has url, name and an absolute PNG iconUrl, and names the all-in-one default origin', () => {
    const served = JSON.parse(
      readFileSync(new URL('../../public/tonconnect-manifest.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    expect(served).toEqual(manifestFor('http://localhost:8080'));
    expect(served.name).toBe('Khel');
    expect(served.iconUrl).toMatch(/^https?:\/\/.+\.png$/);
  });

  it('a build for PUBLIC_URL puts that origin (whose host the API accepts in ton_proof) everywhere', () => {
    const manifest = manifestFor('https://khel.example/some/path');
    expect(manifest.url).toBe('https://khel.example');
    expect(manifest.iconUrl).toBe('https://khel.example/tma/tonconnect-icon.png');
    const { name, ...urls } = manifest;
    expect(name).toBe('Khel');
    expect(
      Object.values(urls).every(
        (value) => value.startsWith('https://khel.example/') || value === 'https://khel.example',
      ),
    ).toBe(true);
  });
});
