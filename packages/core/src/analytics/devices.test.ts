import { describe, expect, it } from 'vitest';
import { classifyUserAgent, DEVICE_LABELS, type UserAgentLabels } from './devices.ts';

// Real User-Agent headers, one or more per device label of spec section 9.
const TABLE: [string, UserAgentLabels][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    { device: 'Desktop PC', os: 'Windows', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
    { device: 'Desktop PC', os: 'macOS', browser: 'Safari' },
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    { device: 'Desktop PC', os: 'Linux', browser: 'Firefox' },
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    { device: 'Desktop PC', os: 'Chrome OS', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
    { device: 'Desktop PC', os: 'Windows', browser: 'Edge' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    { device: 'Smartphone', os: 'iOS', browser: 'Mobile Safari' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
    { device: 'Smartphone', os: 'Android', browser: 'Mobile Chrome' },
  ],
  [
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
    { device: 'Smartphone', os: 'Windows Phone', browser: 'Edge' },
  ],
  [
    'Nokia6300/2.0 (05.00) Profile/MIDP-2.0 Configuration/CLDC-1.1',
    { device: 'Mobile Phone', os: 'Unknown', browser: 'Unknown' },
  ],
  [
    'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024; Profile/MIDP-2.1 Configuration/CLDC-1.1; en-us) AppleWebKit/525 (KHTML, like Gecko) BrowserNG/7.1.18124',
    { device: 'Mobile Phone', os: 'Symbian', browser: 'WebKit' },
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    { device: 'Misc.', os: 'iOS', browser: 'Mobile Safari' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; SM-R860) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/89.0.4389.90 Mobile Safari/537.36',
    { device: 'Misc.', os: 'Android', browser: 'Mobile Chrome' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 11; Quest 2) AppleWebKit/537.36 (KHTML, like Gecko) OculusBrowser/15.0.0.0.22.280317669 SamsungBrowser/4.0 Chrome/89.0.4389.90 VR Safari/537.36',
    { device: 'Misc.', os: 'Android', browser: 'Oculus Browser' },
  ],
  [
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
    { device: 'Appliance', os: 'webOS', browser: 'Chrome' },
  ],
  [
    'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    { device: 'Appliance', os: 'PlayStation', browser: 'WebKit' },
  ],
  [
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    { device: 'Bot', os: 'Unknown', browser: 'Googlebot' },
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    { device: 'Bot', os: 'Unknown', browser: 'bingbot' },
  ],
  ['curl/8.4.0', { device: 'Bot', os: 'Unknown', browser: 'curl' }],
  ['python-requests/2.31.0', { device: 'Bot', os: 'Unknown', browser: 'python-requests' }],
  [
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    { device: 'Bot', os: 'Unknown', browser: 'facebookexternalhit' },
  ],
  ['SomethingWeird/1.0', { device: 'Other', os: 'Unknown', browser: 'Unknown' }],
  ['', { device: 'Unknown', os: 'Unknown', browser: 'Unknown' }],
];

describe('classifyUserAgent', () => {
  it.each(TABLE)('classifies %s', (userAgent, expected) => {
    expect(classifyUserAgent(userAgent)).toEqual(expected);
  });

  it('labels a request without a User-Agent header Unknown', () => {
    expect(classifyUserAgent(null)).toEqual({
      device: 'Unknown',
      os: 'Unknown',
      browser: 'Unknown',
    });
  });

  it('uses every device label of the spec in the table', () => {
    const seen = new Set(TABLE.map(([, labels]) => labels.device));
    expect([...DEVICE_LABELS].filter((label) => !seen.has(label))).toEqual([]);
  });
});
