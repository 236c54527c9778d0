import { useSyncExternalStore } from 'react';
import { WIZARD_MOBILE_BREAKPOINT_PX } from './wizard.utils.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True at the wizard's desktop width (960 px and more, spec platform section 9). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth >= WIZARD_MOBILE_BREAKPOINT_PX);
}
