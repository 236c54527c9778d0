import { Spinner } from '../../ui/index.ts';
import type { PreviewState } from './use-preview-image.ts';

export interface PreviewPaneProps {
  url: string;
  alt: string;
  state: PreviewState;
  onImageError: () => void;
}

/** The main image area: the rendered preview, a spinner while it renders, or its error in red. */
export function PreviewPane({ url, alt, state, onImageError }: PreviewPaneProps) {
  if (state.kind === 'failed') {
    return (
      <div className="grid h-full place-items-center p-6">
        <p
          role="alert"
          className="rounded-lg bg-red-950/60 px-4 py-3 text-sm font-medium text-red-300"
        >
          {state.message}
        </p>
      </div>
    );
  }
  return (
    <div className="relative grid h-full min-h-0 place-items-center p-4 sm:p-6">
      {state.kind === 'ready' && (
        <img
          key={`${url}#${state.attempt}`}
          src={url}
          alt={alt}
          onError={onImageError}
          className="max-h-full max-w-full object-contain shadow-lg [background:repeating-conic-gradient(#3f3f46_0%_25%,#27272a_0%_50%)_50%/16px_16px]"
        />
      )}
      {state.kind === 'loading' && (
        <div role="status" className="flex items-center gap-2 text-sm text-zinc-300">
          <Spinner />
          Rendering the image…
        </div>
      )}
    </div>
  );
}
