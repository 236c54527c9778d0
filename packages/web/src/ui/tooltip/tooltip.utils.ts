import { TOOLTIP_MOBILE_BREAKPOINT_PX } from '../constants.ts';

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * Where the callout goes: on narrow screens (480 px or less, editor spec section 4) a side
 * callout has no room, so it drops below its icon instead.
 */
export function tooltipSide(preferred: TooltipSide, windowWidth: number): TooltipSide {
  if (
    windowWidth <= TOOLTIP_MOBILE_BREAKPOINT_PX &&
    (preferred === 'left' || preferred === 'right')
  ) {
    return 'bottom';
  }
  return preferred;
}
