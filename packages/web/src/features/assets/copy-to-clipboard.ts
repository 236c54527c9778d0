import { toast } from '../../ui/index.ts';

/**
 * Copies `text` and confirms with a toast. A refused clipboard is only logged (editor spec
 * section 8): the text stays on screen to copy by hand. Resolves with whether it worked.
 */
export async function copyToClipboard(text: string, confirmation: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    console.error('Could not copy to the clipboard', error);
    return false;
  }
  toast.success(confirmation);
  return true;
}
