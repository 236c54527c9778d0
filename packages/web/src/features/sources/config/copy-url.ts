import { toast } from '../../../ui/index.ts';

/** Copies a delivery URL, saying whether it worked (the clipboard can be refused). */
export async function copyDeliveryUrl(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Delivery URL copied');
  } catch {
    toast.error('Could not copy the URL', { description: 'Select it and copy it by hand.' });
  }
}
