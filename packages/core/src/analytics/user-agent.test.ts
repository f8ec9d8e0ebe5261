import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.ts';

const UA = {
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  androidReduced:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 12; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 11; Redmi Note 8 Build/RKQ1.201004.002; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/121.0.6167.101 Mobile Safari/537.36 Telegram-Android/10.6.2 (Google Pixel 7; Android 14; SDK 34; HIGH)',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    [
      UA.androidChrome,
      {
        device: 'Mobile',
        osName: 'Android',
        osVersion: '13',
        deviceModel: 'SM-S911B',
        browserName: 'Chrome',
      },
    ],
    [
      UA.androidReduced,
      { device: 'Mobile', osName: 'Android', osVersion: '10', deviceModel: 'K', browserName: 'Chrome' },
    ],
    [
      UA.samsung,
      {
        device: 'Mobile',
        osName: 'Android',
        osVersion: '12',
        deviceModel: 'SM-A525F',
        browserName: 'Samsung Internet',
      },
    ],
    [
      UA.androidWebView,
      {
        device: 'Mobile',
        osName: 'Android',
        osVersion: '11',
        deviceModel: 'Redmi Note 8',
        browserName: 'Android WebView',
      },
    ],
    [
      UA.telegramAndroid,
      {
        device: 'Mobile',
        osName: 'Android',
        osVersion: '14',
        deviceModel: 'Pixel 7',
        browserName: 'Telegram',
      },
    ],
    [
      UA.iphoneSafari,
      { device: 'Mobile', osName: 'iOS', osVersion: '17.2.1', deviceModel: 'iPhone', browserName: 'Safari' },
    ],
    [
      UA.iphoneWebView,
      {
        device: 'Mobile',
        osName: 'iOS',
        osVersion: '16.6',
        deviceModel: 'iPhone',
        browserName: 'iOS WebView',
      },
    ],
    [
      UA.iphoneChrome,
      { device: 'Mobile', osName: 'iOS', osVersion: '17.1', deviceModel: 'iPhone', browserName: 'Chrome' },
    ],
    [UA.windowsEdge, { device: 'DeskTop', osName: 'Windows', osVersion: '10', browserName: 'Edge' }],
    [UA.windowsFirefox, { device: 'DeskTop', osName: 'Windows', osVersion: '7', browserName: 'Firefox' }],
    [UA.macSafari, { device: 'DeskTop', osName: 'macOS', osVersion: '10.15.7', browserName: 'Safari' }],
    [UA.linuxFirefox, { device: 'DeskTop', osName: 'Linux', browserName: 'Firefox' }],
    [UA.chromeOs, { device: 'DeskTop', osName: 'Chrome OS', osVersion: '14541.0.0', browserName: 'Chrome' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('reads an iPad that reports a Mac user agent as a Mobile iPad when it has a touch screen', () => {
    expect(parseUserAgent(UA.macSafari, { maxTouchPoints: 5 })).toEqual({
      device: 'Mobile',
      osName: 'iOS',
      deviceModel: 'iPad',
      browserName: 'Safari',
    });
  });

  it('names the Telegram web view on iOS from the hint', () => {
    expect(parseUserAgent(UA.iphoneWebView, { telegramWebView: true }).browserName).toBe('Telegram');
  });

  it('puts unknown agents and bots in Others', () => {
    expect(parseUserAgent('curl/8.4.0')).toEqual({ device: 'Others' });
    expect(
      parseUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)').device,
    ).toBe('Others');
    expect(parseUserAgent('').device).toBe('Others');
  });
});
