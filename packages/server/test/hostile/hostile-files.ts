// The hostile origin files (at least 40 for `npm run battery`), the parameter sets each is
// requested with, and the loopback origin that serves them. Everything is generated here: nothing
// is downloaded.
import type http from 'node:http';
import zlib from 'node:zlib';
import sharp from 'sharp';
import {
  avifClaiming,
  bmpClaiming,
  compressedChunkData,
  deflatedZeros,
  gifClaiming,
  jpegClaiming,
  jpegWithSegments,
  manyFrames,
  manyTextChunks,
  pdfHugePage,
  pngClaiming,
  pngClaimingFrames,
  pngWithChunk,
  psdClaiming,
  solidAvif,
  solidJpeg,
  webpCanvasClaiming,
  webpClaiming,
  zeroPng,
  zeroTiff,
} from './hostile-images.ts';
import { SVG_FILES, svgEmbedding } from './hostile-svgs.ts';
import { SeededRandom } from './random.ts';

export interface HostileFile {
  /** The file name the origin serves it under (its extension says what it claims to be). */
  name: string;
  /** The Content-Type the origin sends. */
  contentType: string;
  /** The Content-Encoding the origin sends, for a body that is compressed on the wire. */
  contentEncoding?: 'gzip';
  /** True for the bombs that really decode to hundreds of megapixels when nothing stops them. */
  heavy: boolean;
  build(): Promise<Buffer>;
}

const MEGA = 1_000_000;

function file(
  name: string,
  contentType: string,
  build: () => Promise<Buffer> | Buffer,
  heavy = false,
): HostileFile {
  return { name, contentType, heavy, build: async () => build() };
}

/** The first half of a file: a decoder must refuse it, not wait for the rest. */
async function half(bytes: Promise<Buffer>): Promise<Buffer> {
  const whole = await bytes;
  return whole.subarray(0, Math.floor(whole.length / 2));
}

const smallPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .png()
    .toBuffer();

const rasters: HostileFile[] = [
  file('png-zeros-8192.png', 'image/png', () => zeroPng(8192, 8192), true),
  file('png-zeros-16000.png', 'image/png', () => zeroPng(16000, 16000), true),
  file('png-zeros-30000-1bit.png', 'image/png', () => zeroPng(30000, 30000, { bitDepth: 1 }), true),
  file(
    'png-zeros-5000-rgba16.png',
    'image/png',
    () => zeroPng(5000, 5000, { bitDepth: 16, colourType: 6 }),
    true,
  ),
  file('png-header-claims-65535.png', 'image/png', () => pngClaiming(65535, 65535)),
  file('png-header-claims-2147483647.png', 'image/png', () => pngClaiming(0x7fffffff, 1)),
  file('png-giant-icc.png', 'image/png', async () =>
    pngWithChunk('iCCP', await compressedChunkData('icc', 50 * MEGA)),
  ),
  file('png-giant-ztxt.png', 'image/png', async () =>
    pngWithChunk('zTXt', await compressedChunkData('Comment', 50 * MEGA)),
  ),
  file('png-giant-exif.png', 'image/png', () =>
    pngWithChunk('eXIf', Buffer.concat([Buffer.from('MM\0*', 'latin1'), Buffer.alloc(8 * MEGA)])),
  ),
  file('png-20000-text-chunks.png', 'image/png', () => manyTextChunks(20_000)),
  file('png-claims-2147483647-frames.png', 'image/png', () => pngClaimingFrames()),
  file('png-truncated.png', 'image/png', () => half(zeroPng(512, 512))),
  file('tiff-zeros-16000.tif', 'image/tiff', () => zeroTiff(16000, 16000), true),
  file('tiff-header-claims-4294967295.tif', 'image/tiff', async () => {
    const tiff = await zeroTiff(16, 16);
    tiff.writeUInt32LE(0xffffffff, 8 + 2 + 8);
    tiff.writeUInt32LE(0xffffffff, 8 + 2 + 12 + 8);
    return tiff;
  }),
  file('tiff-ifd-loop.tif', 'image/tiff', () => zeroTiff(16, 16, { loop: true })),
  file('tiff-truncated.tif', 'image/tiff', () => half(zeroTiff(512, 512))),
  file('gif-2000-frames.gif', 'image/gif', () => manyFrames(2000, 'gif')),
  file('gif-screen-claims-65535.gif', 'image/gif', () => gifClaiming(false)),
  file('gif-frame-claims-65535.gif', 'image/gif', () => gifClaiming(true)),
  file(
    'gif-single-frame-60-megapixels.gif',
    'image/gif',
    () =>
      sharp({ create: { width: 1000, height: 60000, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    true,
  ),
  file('gif-truncated.gif', 'image/gif', () => half(manyFrames(20, 'gif'))),
  file('webp-lossless-claims-16383.webp', 'image/webp', () => webpClaiming(16383, 16383), true),
  file('webp-canvas-claims-16384.webp', 'image/webp', () => webpCanvasClaiming()),
  file('webp-2000-frames.webp', 'image/webp', () => manyFrames(2000, 'webp')),
  file('webp-truncated.webp', 'image/webp', () => half(manyFrames(20, 'webp'))),
  file('jpeg-4096-solid.jpg', 'image/jpeg', () => solidJpeg(4096), true),
  file('jpeg-sof-claims-65500.jpg', 'image/jpeg', () => jpegClaiming()),
  file('jpeg-100-exif-segments.jpg', 'image/jpeg', () =>
    jpegWithSegments(0xe1, 'Exif\0\0MM\0*', 100),
  ),
  file('jpeg-100-icc-segments.jpg', 'image/jpeg', () =>
    jpegWithSegments(0xe2, 'ICC_PROFILE\0', 100),
  ),
  file('jpeg-truncated.jpg', 'image/jpeg', () => half(solidJpeg(512))),
  file('avif-4096-solid.avif', 'image/avif', () => solidAvif(4096), true),
  file('avif-ispe-claims-65535.avif', 'image/avif', () => avifClaiming()),
  file('avif-truncated.avif', 'image/avif', () => half(solidAvif(256))),
  file('heic-brand-then-garbage.heic', 'image/heic', () =>
    Buffer.concat([
      Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'),
      new SeededRandom(7).bytes(4096),
    ]),
  ),
  file('psd-header-claims-30000.psd', 'image/vnd.adobe.photoshop', () => psdClaiming()),
  file('bmp-header-claims-30000.bmp', 'image/bmp', () => bmpClaiming()),
  file('pdf-page-of-200000-points.pdf', 'application/pdf', () => pdfHugePage()),
];

const svgs: HostileFile[] = [
  ...Object.entries(SVG_FILES).map(([name, build]) =>
    file(
      `svg-${name}.svg`,
      'image/svg+xml',
      () => Buffer.from(build(), 'utf8'),
      /bomb|limit|100000|200000|filter/.test(name),
    ),
  ),
  file(
    'svg-embedding-png-bomb.svg',
    'image/svg+xml',
    async () => Buffer.from(svgEmbedding(await zeroPng(16000, 16000)), 'utf8'),
    true,
  ),
  file('svgz-of-100-mb-whitespace.svgz', 'image/svg+xml', async () => {
    // librsvg reads gzipped SVG: a small file that inflates to 100 MB before parsing.
    const head = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';
    return zlib.gzipSync(
      Buffer.concat([Buffer.from(head), Buffer.alloc(100 * MEGA, 0x20), Buffer.from('</svg>')]),
    );
  }),
];

const others: HostileFile[] = [
  file('zero-bytes.png', 'image/png', () => Buffer.alloc(0)),
  file('random-1k.jpg', 'image/jpeg', () => new SeededRandom(1).bytes(1024)),
  file('random-1m.webp', 'image/webp', () => new SeededRandom(2).bytes(MEGA)),
  file('all-0xff.png', 'image/png', () => Buffer.alloc(65536, 0xff)),
  file('text-named-png.png', 'image/png', () => Buffer.from('just some text, not a picture\n')),
  file('png-with-html-tail.png', 'image/png', async () =>
    Buffer.concat([await smallPng(), Buffer.from('<html><script>alert(1)</script></html>')]),
  ),
  file('gif-with-zip-tail.gif', 'image/gif', async () =>
    Buffer.concat([
      await manyFrames(2, 'gif'),
      Buffer.from('PK\x03\x04\x14\0\0\0\0\0', 'latin1'),
      Buffer.alloc(64),
    ]),
  ),
  file('jpeg-with-svg-comment.jpg', 'image/jpeg', async () => {
    const jpeg = await solidJpeg(16);
    const comment = Buffer.from('<svg onload="alert(1)"/>', 'latin1');
    const marker = Buffer.from([0xff, 0xfe, 0, comment.length + 2]);
    return Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]);
  }),
  file('svg-served-as-png.png', 'image/png', () =>
    Buffer.from(SVG_FILES['blur-filter-bomb']?.() ?? ''),
  ),
  file('png-served-as-svg.svg', 'image/svg+xml', () => smallPng()),
  {
    name: 'gzip-encoded-300-mb-of-zeros.png',
    contentType: 'image/png',
    contentEncoding: 'gzip',
    heavy: true,
    build: () => deflatedZeros(300 * MEGA, 'gzip'),
  },
];

/** Every hostile origin file. */
export const HOSTILE_FILES: readonly HostileFile[] = [...rasters, ...svgs, ...others];

/**
 * The queries each file is requested with: as it is (an SVG may pass through), resized, to a
 * large PNG, and its metadata. `{mark}` requests take the file as a watermark over another image.
 */
export const HOSTILE_FILE_QUERIES: readonly string[] = [
  '',
  'w=256',
  'w=2000&h=2000&fit=crop&fm=png',
  'fm=json',
];

/** Serves `files` (built) under `/hostile/{name}`; 404 for anything else. */
export function hostileOriginHandler(
  files: ReadonlyMap<string, { file: HostileFile; bytes: Buffer }>,
): http.RequestListener {
  return (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://origin').pathname);
    const entry = path.startsWith('/hostile/')
      ? files.get(path.slice('/hostile/'.length))
      : undefined;
    if (path === '/hostile/' || path === '/hostile') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('hostile origin');
      return;
    }
    if (entry === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': entry.file.contentType,
      'content-length': entry.bytes.length,
      ...(entry.file.contentEncoding ? { 'content-encoding': entry.file.contentEncoding } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : entry.bytes);
  };
}

/** Builds `files` one after another (the bombs take a few seconds each to compress). */
export async function buildHostileFiles(
  files: readonly HostileFile[],
): Promise<Map<string, { file: HostileFile; bytes: Buffer }>> {
  const built = new Map<string, { file: HostileFile; bytes: Buffer }>();
  for (const hostile of files)
    built.set(hostile.name, { file: hostile, bytes: await hostile.build() });
  return built;
}
