import { Spinner } from '../../ui/index.ts';

/** The editor's placeholder while its code or the image's data loads. */
export function EditorLoading({ label = 'Loading the editor' }: { label?: string }) {
  return (
    <div role="status" className="grid min-h-[60dvh] place-items-center text-zinc-600">
      <span className="flex items-center gap-2 text-sm">
        <Spinner />
        {label}
      </span>
    </div>
  );
}
