import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import './crop-frame.css';
import { useEffect, useRef } from 'react';
import type { Rect } from '@darkroom/core';
import type { OriginProperties } from './editor-types.ts';
import {
  CROP_INITIAL_AREA,
  CROP_TOUCH_ACTIVATION_PX,
  CROP_WHEEL_ZOOM_RATIO,
  naturalRect,
} from './crop-frame.utils.ts';
import { holdTouchesUntilMoved } from './touch-activation.ts';

/** How long the animating class stays on (the transition's 350 ms). */
const ANIMATION_MS = 350;

export interface CropFrameProps {
  /** The original image. */
  src: string;
  alt: string;
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>;
  /** Width / height the frame keeps; null for a free frame. */
  aspectRatio: number | null;
  initial: Rect;
  /** The frame as it moves, in whole natural pixels. */
  onChange: (frame: Rect) => void;
}

/** The interactive crop frame (Cropper.js v1); the one place the editor touches it. */
export function CropFrame({ src, alt, origin, aspectRatio, initial, onChange }: CropFrameProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const latest = useRef({ onChange, origin, aspectRatio, initial });
  useEffect(() => {
    latest.current = { onChange, origin, aspectRatio, initial };
  });

  useEffect(() => {
    const image = imageRef.current;
    const container = containerRef.current;
    if (!image || !container) return;
    const releaseTouches = holdTouchesUntilMoved(container, CROP_TOUCH_ACTIVATION_PX);
    const start = latest.current.initial;
    const cropper = new Cropper(image, {
      viewMode: 1,
      aspectRatio: latest.current.aspectRatio ?? Number.NaN,
      autoCropArea: CROP_INITIAL_AREA,
      wheelZoomRatio: CROP_WHEEL_ZOOM_RATIO,
      data: { x: start.left, y: start.top, width: start.width, height: start.height },
      guides: true,
      rotatable: false,
      scalable: false,
      // The delivery domain may send no CORS headers: read the image as a plain <img>.
      checkCrossOrigin: false,
      checkOrientation: false,
      crop: (event) => latest.current.onChange(naturalRect(event.detail, latest.current.origin)),
    });
    cropperRef.current = cropper;
    return () => {
      releaseTouches();
      cropper.destroy();
      cropperRef.current = null;
    };
  }, [src]);

  useEffect(() => {
    const cropper = cropperRef.current;
    const container = containerRef.current;
    if (!cropper || !container) return;
    container.classList.add('crop-frame-animating');
    cropper.setAspectRatio(aspectRatio ?? Number.NaN);
    const timer = setTimeout(
      () => container.classList.remove('crop-frame-animating'),
      ANIMATION_MS,
    );
    return () => clearTimeout(timer);
  }, [aspectRatio]);

  return (
    <div ref={containerRef} className="h-full min-h-[50dvh] w-full">
      <img ref={imageRef} src={src} alt={alt} className="block max-w-full" />
    </div>
  );
}
