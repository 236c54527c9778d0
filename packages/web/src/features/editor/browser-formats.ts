import { useEffect, useState } from 'react';
import type { FormatSupport } from './params.utils.ts';

// One-pixel images (written by sharp) the browser decodes only if it supports the format. Detected once per page
// load: the answer cannot change while the page is open.
const AVIF_PIXEL =
  'data:image/avif;base64,AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAD6AAEAAAAAAAAAFwAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGF2MDEAAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAfbWRhdBIACgc4AAYQENBpMgoYAAAAQACwEpqY';
const WEBP_PIXEL =
  'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vz0AAA=';

const NONE: FormatSupport = { avif: false, webp: false };

function decodes(source: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.width > 0);
    image.onerror = () => resolve(false);
    image.src = source;
  });
}

let detection: Promise<FormatSupport> | null = null;

/** Which of avif and webp this browser shows; asked once, then remembered. */
function detectFormatSupport(): Promise<FormatSupport> {
  detection ??= Promise.all([decodes(AVIF_PIXEL), decodes(WEBP_PIXEL)]).then(([avif, webp]) => ({
    avif,
    webp,
  }));
  return detection;
}

/** The formats this browser shows; neither until the detection has answered. */
export function useFormatSupport(): FormatSupport {
  const [support, setSupport] = useState<FormatSupport>(NONE);
  useEffect(() => {
    let current = true;
    void detectFormatSupport().then((detected) => {
      if (current) setSupport(detected);
    });
    return () => {
      current = false;
    };
  }, []);
  return support;
}
