/** Hands a text to the browser as a file download, without a round trip to the server. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; the blob can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
