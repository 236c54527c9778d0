import { ChoiceDemos, NumberInputDemos, SwitchDemos } from './input-demos.tsx';
import {
  BadgeDemos,
  ButtonDemos,
  CollapsibleDemos,
  TooltipAndPopoverDemos,
} from './display-demos.tsx';
import { OverlayDemos, ToastDemos } from './feedback-demos.tsx';
import { FormDemo } from './form-demo.tsx';
import { DarkSelectDemos, ListDemos } from './select-demos.tsx';

/**
 * Every shared control of editor spec section 3 ('Shared control entities') in every state of
 * section 4, for admins at /ui.
 */
export default function GalleryPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <header>
        <h1 className="text-xl font-semibold text-zinc-900">Shared controls</h1>
        <p className="mt-1 text-sm text-zinc-500">
          The building blocks of the dashboard and the editor, in each of their states.
        </p>
      </header>
      <ToastDemos />
      <OverlayDemos />
      <DarkSelectDemos />
      <ListDemos />
      <NumberInputDemos />
      <SwitchDemos />
      <TooltipAndPopoverDemos />
      <BadgeDemos />
      <ButtonDemos />
      <CollapsibleDemos />
      <ChoiceDemos />
      <FormDemo />
    </div>
  );
}
