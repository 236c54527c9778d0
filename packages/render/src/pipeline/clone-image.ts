import type { Sharp } from 'sharp';

type Holder = Record<string, unknown> | unknown[];

/** Where a byte array sits in sharp's options: the object that holds it and under which key. */
interface HeldBytes {
  path: (string | number)[];
  bytes: ArrayBufferView;
}

/** Every byte array in `value` (the input buffer, composite and joined inputs), with its path. */
function findBytes(value: unknown, path: (string | number)[], found: HeldBytes[]): void {
  if (ArrayBuffer.isView(value)) {
    found.push({ path, bytes: value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((member, index) => findBytes(member, [...path, index], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) findBytes(member, [...path, key], found);
  }
}

function place(root: unknown, path: readonly (string | number)[], value: unknown): void {
  let holder = root as Holder;
  for (const key of path.slice(0, -1)) holder = (holder as Record<string, Holder>)[key] as Holder;
  (holder as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
}

/**
 * `image.clone()` without copying its pixels. sharp's clone deep-copies the pipeline's options
 * with `structuredClone`, input buffer included: for a materialised 50-megapixel canvas that is
 * 200 MB copied on the event loop, which held `/healthz` for hundreds of milliseconds in the
 * hostile-input battery (`npm run battery -- --only=files`, CPU profile of the server). libvips
 * only reads an input buffer, so the clone can share it: the byte arrays are lifted out of the
 * options while sharp copies the rest, then handed to both pipelines.
 */
export function cloneSharingPixels(image: Sharp): Sharp {
  const options = (image as unknown as { options: Record<string, unknown> }).options;
  const held: HeldBytes[] = [];
  findBytes(options, [], held);
  if (held.length === 0) return image.clone();
  for (const { path } of held) place(options, path, undefined);
  let copy: Sharp;
  try {
    copy = image.clone();
  } finally {
    for (const { path, bytes } of held) place(options, path, bytes);
  }
  const copied = (copy as unknown as { options: Record<string, unknown> }).options;
  for (const { path, bytes } of held) place(copied, path, bytes);
  return copy;
}
