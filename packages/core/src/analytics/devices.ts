// Device, operating system and browser of a user agent (spec platform sections 3 and 9), parsed
// with ua-parser-js and its bot list.
import { UAParser, type IResult } from 'ua-parser-js';
import { isBot } from 'ua-parser-js/bot-detection';
import { Bots } from 'ua-parser-js/extensions';

/** The device labels of spec section 9, in its order. */
export const DEVICE_LABELS = [
  'Appliance',
  'Bot',
  'Misc.',
  'Mobile Phone',
  'Other',
  'Desktop PC',
  'Smartphone',
  'Unknown',
] as const;

export type DeviceLabel = (typeof DEVICE_LABELS)[number];

/** What a breakdown shows when a user agent names no OS or browser, or there is none. */
export const UNKNOWN_LABEL = 'Unknown';

export interface UserAgentLabels {
  device: DeviceLabel;
  os: string;
  browser: string;
}

// A phone on one of these runs apps and a full browser: a smartphone. Any other phone (Symbian,
// Series 40, a bare MIDP profile) is a plain mobile phone.
const SMARTPHONE_SYSTEMS = new Set([
  'Android',
  'iOS',
  'Windows Phone',
  'Windows Mobile',
  'HarmonyOS',
  'BlackBerry',
  'Sailfish',
  'Tizen',
  'Ubuntu Touch',
]);

const DESKTOP_SYSTEMS = new Set([
  'Windows',
  'macOS',
  'Mac OS',
  'Linux',
  'Chrome OS',
  'Chromium OS',
  'Ubuntu',
  'Debian',
  'Fedora',
  'Mint',
  'Arch',
  'Gentoo',
  'SUSE',
  'openSUSE',
  'FreeBSD',
  'OpenBSD',
  'NetBSD',
  'Solaris',
]);

function deviceOf(userAgent: string, result: IResult): DeviceLabel {
  if (userAgent.trim() === '') return 'Unknown';
  if (isBot(result)) return 'Bot';
  const system = result.os.name;
  switch (result.device.type) {
    // Televisions, consoles and embedded browsers (set-top boxes, cars, e-readers).
    case 'smarttv':
    case 'console':
    case 'embedded':
      return 'Appliance';
    case 'mobile':
      return system !== undefined && SMARTPHONE_SYSTEMS.has(system) ? 'Smartphone' : 'Mobile Phone';
    // The spec has no tablet or wearable label: these personal devices are the miscellany.
    case 'tablet':
    case 'wearable':
    case 'xr':
      return 'Misc.';
    default:
      return system !== undefined && DESKTOP_SYSTEMS.has(system) ? 'Desktop PC' : 'Other';
  }
}

/** Classifies a User-Agent header: device label, OS name and browser name ('Unknown' if none). */
export function classifyUserAgent(userAgent: string | null): UserAgentLabels {
  const text = userAgent ?? '';
  const result = new UAParser(text, Bots).getResult();
  return {
    device: deviceOf(text, result),
    os: result.os.name ?? UNKNOWN_LABEL,
    browser: result.browser.name ?? UNKNOWN_LABEL,
  };
}
