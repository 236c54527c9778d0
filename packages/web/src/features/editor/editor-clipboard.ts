import { toast } from '../../ui/index.ts';

/**
 * Copies `text` and confirms on the editor's toaster (bottom-centre), as the asset manager's
 * copy-to-clipboard.ts does on the app's. A refused clipboard is only logged (spec editor
 * section 8). Resolves with whether it worked.
 */
export async function copyInEditor(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    console.error('Could not copy to the clipboard', error);
    return false;
  }
  toast.success(confirmation, { editor: true });
  return true;
}

/** Starts a download of `url`; delivery answers `dl` with an attachment, so the page stays. */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
