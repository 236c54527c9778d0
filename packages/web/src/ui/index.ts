// The dashboard's shared controls (editor spec sections 3 and 4). Import from here, not from the files.

export * from './constants.ts';

export { toast } from './toast/toast.ts';
export { Toaster, EditorToaster } from './toast/toaster.tsx';

export { OverlayProvider } from './overlay/overlay-provider.tsx';
export { useOverlay } from './overlay/use-overlay.ts';

export { Spinner } from './spinner/spinner.tsx';
export { Button } from './button/button.tsx';
export { Badge } from './badge/badge.tsx';
export type { BadgeColor } from './badge/badge.tsx';

export { Select } from './select/select.tsx';
export type { Option } from './select/virtual-listbox.tsx';

export { NumberInput } from './number-input/number-input.tsx';

export { Switch } from './switch/switch.tsx';
export { VerticalSwitch } from './switch/vertical-switch.tsx';

export { InfoTooltip } from './tooltip/info-tooltip.tsx';
export { PopoverMenu } from './popover/popover-menu.tsx';

export { CollapsibleSection } from './collapsible/collapsible-section.tsx';
export { CardRadioGroup } from './card-radio-group/card-radio-group.tsx';
export type { CardRadioOption } from './card-radio-group/card-radio-group.tsx';
export { AspectRatioLock } from './ratio-lock/aspect-ratio-lock.tsx';

export { Form } from './form/form.tsx';
export { useZodForm } from './form/use-zod-form.ts';
export { TextField } from './form/text-field.tsx';
export { FormErrorBanner, FormRootError } from './form/form-error-banner.tsx';
