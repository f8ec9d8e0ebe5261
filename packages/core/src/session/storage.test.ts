import { describe, expect, it, vi } from 'vitest';
import {
  cookieStorage,
  memoryStorage,
  routedStorage,
  type WebStorageLike,
  webStorageAdapter,
} from './storage.ts';

class FakeWebStorage implements WebStorageLike {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** Mimics document.cookie: writes carry attributes, reads list name=value pairs. */
class FakeCookieDocument {
  jar = new Map<string, { value: string; attributes: string }>();
  location = { protocol: 'https:' };
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v.value}`).join('; ');
  }
  set cookie(line: string) {
    const [pair = '', ...attrs] = line.split('; ');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    if (attrs.includes('Max-Age=0')) this.jar.delete(name);
    else this.jar.set(name, { value: pair.slice(eq + 1), attributes: attrs.join('; ') });
  }
}

describe('memoryStorage', () => {
  it('stores, lists and removes keys', () => {
    const s = memoryStorage({ a: '1' });
    s.setItem('b', '2');
    expect(s.keys()).toEqual(['a', 'b']);
    s.removeItem('a');
    expect(s.getItem('a')).toBeNull();
    expect(s.getItem('b')).toBe('2');
  });
});

describe('webStorageAdapter (localStorage/sessionStorage)', () => {
  it('keeps its keys under the prefix and lists only its own', () => {
    const backing = new FakeWebStorage();
    backing.setItem('other-app', 'x');
    const s = webStorageAdapter(backing, 'khel.');
    s.setItem('accessToken', 'a');
    expect(backing.getItem('khel.accessToken')).toBe('a');
    expect(s.keys()).toEqual(['accessToken']);
  });

  it('survives a storage that throws (quota, blocked storage)', () => {
    const backing = new FakeWebStorage();
    backing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    backing.getItem = () => {
      throw new Error('SecurityError');
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = webStorageAdapter(backing, 'khel.');
    expect(() => s.setItem('a', '1')).not.toThrow();
    expect(s.getItem('a')).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('cookieStorage', () => {
  it('writes cookies that live 30 days (SPEC §9), Secure on https, and reads them back', () => {
    const doc = new FakeCookieDocument();
    const s = cookieStorage(doc);
    s.setItem('refreshToken', 'r/1=2');
    const stored = doc.jar.get(encodeURIComponent('khel.refreshToken'))!;
    expect(stored.attributes).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(stored.attributes).toContain('Secure');
    expect(stored.attributes).toContain('Path=/');
    expect(s.getItem('refreshToken')).toBe('r/1=2');
  });

  it('ignores other cookies and removes its own', () => {
    const doc = new FakeCookieDocument();
    doc.cookie = '_ga=GA1.1; Max-Age=100';
    const s = cookieStorage(doc);
    s.setItem('accessToken', 'a');
    expect(s.keys()).toEqual(['accessToken']);
    s.removeItem('accessToken');
    expect(s.getItem('accessToken')).toBeNull();
    expect(doc.cookie).toBe('_ga=GA1.1');
  });

  it('is not Secure on plain http unless asked', () => {
    const doc = new FakeCookieDocument();
    doc.location.protocol = 'http:';
    cookieStorage(doc).setItem('a', '1');
    expect(doc.jar.get('khel.a')!.attributes).not.toContain('Secure');
  });
});

describe('routedStorage', () => {
  it('sends routed keys to their storage and the rest to the fallback', () => {
    const cookies = memoryStorage();
    const local = memoryStorage();
    const s = routedStorage(local, { refreshToken: cookies });
    s.setItem('refreshToken', 'r');
    s.setItem('userId', 'u');
    expect(cookies.keys()).toEqual(['refreshToken']);
    expect(local.keys()).toEqual(['userId']);
    expect(s.keys().sort()).toEqual(['refreshToken', 'userId']);
    s.removeItem('refreshToken');
    expect(s.keys()).toEqual(['userId']);
  });
});
