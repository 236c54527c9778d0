import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { useEffect, useRef, useState } from 'react';
import type { Rect, Size } from '@darkroom/core';
import { CROP_TOUCH_ACTIVATION_PX } from '../crop-frame.utils.ts';
import { holdTouchesUntilMoved } from '../touch-activation.ts';

// The one place the object tool touches Cropper.js (STYLE.md: wrap third-party state).

export interface SelectionCropperProps {
  src: string;
  alt: string;
  /** The box drawn when the cropper is ready, in natural pixels of the shown image. */
  initialBox: (natural: Size) => Rect;
  onReady: (natural: Size) => void;
  /** The box as the user moves it, in whole natural pixels of the shown image. */
  onSelect: (box: Rect) => void;
  onError: () => void;
}

/** A Cropper.js selection frame over an image; a new `src` keeps the frame where it is. */
export function SelectionCropper({
  src,
  alt,
  initialBox,
  onReady,
  onSelect,
  onError,
}: SelectionCropperProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const cropperRef = useRef<Cropper | null>(null);
  const callbacks = useRef({ initialBox, onReady, onSelect });
  useEffect(() => {
    callbacks.current = { initialBox, onReady, onSelect };
  });
  const [firstSrc] = useState(src);
  const shownSrc = useRef(src);
  // A replaced image keeps the frame the user drew; only the first one gets the initial box.
  const replacing = useRef(false);

  useEffect(() => {
    const image = imageRef.current;
    const container = containerRef.current;
    if (image === null || container === null) return;
    const releaseTouches = holdTouchesUntilMoved(container, CROP_TOUCH_ACTIVATION_PX);
    const selection = (cropper: Cropper): Rect => {
      const data = cropper.getData(true);
      return { left: data.x, top: data.y, width: data.width, height: data.height };
    };
    let ready = false;
    const cropper = new Cropper(image, {
      viewMode: 1,
      dragMode: 'crop',
      autoCrop: true,
      background: false,
      rotatable: false,
      scalable: false,
      zoomable: false,
      // Both would fetch the image again under another URL (a new render for a premium one).
      checkOrientation: false,
      checkCrossOrigin: false,
      toggleDragModeOnDblclick: false,
      ready() {
        const { naturalWidth: width, naturalHeight: height } = cropper.getImageData();
        if (!replacing.current) {
          const box = callbacks.current.initialBox({ width, height });
          cropper.setData({ x: box.left, y: box.top, width: box.width, height: box.height });
        }
        replacing.current = false;
        ready = true;
        callbacks.current.onReady({ width, height });
        callbacks.current.onSelect(selection(cropper));
      },
      crop() {
        if (ready) callbacks.current.onSelect(selection(cropper));
      },
    });
    cropperRef.current = cropper;
    return () => {
      releaseTouches();
      cropper.destroy();
      cropperRef.current = null;
    };
  }, []);

  useEffect(() => {
    const cropper = cropperRef.current;
    if (cropper === null || src === shownSrc.current) return;
    shownSrc.current = src;
    replacing.current = true;
    // Same size: the frame stays over the same part of the picture.
    cropper.replace(src, true);
  }, [src]);

  return (
    <div ref={containerRef} className="h-full max-h-[70dvh] w-full">
      <img ref={imageRef} src={firstSrc} alt={alt} onError={onError} className="block max-w-full" />
    </div>
  );
}
