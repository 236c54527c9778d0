// The dashboard's shared controls (issue 2, item 6). Import from here, not from the files.

export * from './constants.ts';

export { toast, EDITOR_TOASTER_ID } from './toast/toast.ts';
export type { ToastId, ToastOptions, PromiseToastMessages } from './toast/toast.ts';
export { Toaster, EditorToaster } from './toast/toaster.tsx';

export { OverlayProvider } from './overlay/overlay-provider.tsx';
export { useOverlay } from './overlay/use-overlay.ts';
export type { ConfirmOptions, ModalStyle, OverlayApi } from './overlay/overlay-context.ts';
export { ModalDialog } from './overlay/modal-dialog.tsx';
export type { ModalDialogProps } from './overlay/modal-dialog.tsx';
export { SpinnerOverlay } from './overlay/spinner-overlay.tsx';

export { Spinner } from './spinner/spinner.tsx';
export { Button } from './button/button.tsx';
export type {
  ButtonProps,
  ButtonVariant,
  ButtonColor,
  ButtonSize,
  ButtonSurface,
} from './button/button.tsx';
export { Badge, BADGE_COLORS, BADGE_SIZES } from './badge/badge.tsx';
export type { BadgeProps, BadgeColor, BadgeSize } from './badge/badge.tsx';

export { DarkSelect } from './select/dark-select.tsx';
export type { DarkSelectProps } from './select/dark-select.tsx';
export { Dropdown } from './select/dropdown.tsx';
export type { DropdownProps } from './select/dropdown.tsx';
export { Combobox } from './select/combobox.tsx';
export type { ComboboxProps } from './select/combobox.tsx';
export type { Option } from './select/virtual-listbox.tsx';
export type { ListItem } from './select/listbox.utils.ts';

export { NumberInput } from './number-input/number-input.tsx';
export type { NumberInputProps } from './number-input/number-input.tsx';
export type { NumberRules } from './number-input/number-input.utils.ts';

export { Switch } from './switch/switch.tsx';
export type { SwitchProps } from './switch/switch.tsx';
export { VerticalSwitch } from './switch/vertical-switch.tsx';
export type { VerticalSwitchProps } from './switch/vertical-switch.tsx';
export { SwitchGroup } from './switch/switch-group.tsx';
export type { SwitchGroupProps, SwitchGroupOption } from './switch/switch-group.tsx';

export { InfoTooltip } from './tooltip/info-tooltip.tsx';
export type { InfoTooltipProps } from './tooltip/info-tooltip.tsx';
export { PopoverMenu } from './popover/popover-menu.tsx';
export type { PopoverMenuProps, PopoverMenuItem } from './popover/popover-menu.tsx';

export { CollapsibleSection } from './collapsible/collapsible-section.tsx';
export type { CollapsibleSectionProps } from './collapsible/collapsible-section.tsx';
export { CardRadioGroup } from './card-radio-group/card-radio-group.tsx';
export type { CardRadioGroupProps, CardRadioOption } from './card-radio-group/card-radio-group.tsx';
export { AspectRatioLock } from './ratio-lock/aspect-ratio-lock.tsx';
export type { AspectRatioLockProps } from './ratio-lock/aspect-ratio-lock.tsx';

export { Form } from './form/form.tsx';
export type { FormProps } from './form/form.tsx';
export { useZodForm } from './form/use-zod-form.ts';
export { TextField } from './form/text-field.tsx';
export type { TextFieldProps } from './form/text-field.tsx';
export { FormErrorBanner, FormRootError } from './form/form-error-banner.tsx';
export { emptyStringsToNull } from './form/form.utils.ts';
export type { EmptyStringsToNull } from './form/form.utils.ts';
