import type { OriginProperties } from './editor-types.ts';

/** A 1411 x 940 JPEG, the shape of the asset fixtures' photos. */
export const landscapeOrigin: OriginProperties = {
  originWidth: 1411,
  originHeight: 940,
  originFileSize: 123456,
  originImgType: 'jpeg',
  originUrl: 'http://photos.localhost:8080/pets/cat.jpg',
  originAspectRatio: 1411 / 940,
};

export const squareOrigin: OriginProperties = {
  ...landscapeOrigin,
  originWidth: 800,
  originHeight: 800,
  originImgType: 'png',
  originAspectRatio: 1,
};
