import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readDevKeyFile, writeDevKeyFileOnce } from './dev-key-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'khel-dev-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the first writer wins: a later writer gets the first content, mode 0600, no temporary file left', () => {
  const file = join(dir, 'keys', 'k.json');
  expect(readDevKeyFile(file)).toBeNull();
  expect(writeDevKeyFileOnce(file, 'first')).toBe('first');
  // A process that generated its own key meanwhile ends up with the one on disk.
  expect(writeDevKeyFileOnce(file, 'second')).toBe('first');
  expect(readDevKeyFile(file)).toBe('first');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(readdirSync(join(dir, 'keys'))).toEqual(['k.json']);
});
