export { probeImage, UnsupportedImageError, type ImageInfo } from './probe.ts';
