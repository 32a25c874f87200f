// A photograph's focal point and the 4:5 crop around it: pure arithmetic, shared by the image
// pipeline (server) and Atelier's photographs page (the click on a preview, in the browser).

export interface FocalPoint {
  /** 0..1 from the left. */
  x: number;
  /** 0..1 from the top. */
  y: number;
}

/** Focal coordinates are kept to four decimals: the same point always names the same variants. */
export function roundFocal(value: number): number {
  return Math.min(1, Math.max(0, Math.round(value * 10_000) / 10_000));
}

/** The 4:5 box of a `width`×`height` picture centred as near `focal` as its edges allow. */
export function focalCrop(width: number, height: number, focal: FocalPoint): { left: number; top: number; width: number; height: number } {
  const wide = width * 5 > height * 4;
  const cropWidth = Math.min(width, wide ? Math.round((height * 4) / 5) : width);
  const cropHeight = Math.min(height, wide ? height : Math.round((width * 5) / 4));
  const clamp = (value: number, max: number) => Math.min(Math.max(0, Math.round(value)), max);
  return {
    left: clamp(focal.x * width - cropWidth / 2, width - cropWidth),
    top: clamp(focal.y * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

/** The focal point of the whole picture under a point of its crop (0..1 across and down the crop). */
export function focalFromCropPoint(width: number, height: number, current: FocalPoint, at: { x: number; y: number }): FocalPoint {
  const box = focalCrop(width, height, current);
  return { x: roundFocal((box.left + at.x * box.width) / width), y: roundFocal((box.top + at.y * box.height) / height) };
}

/** Where the focal point sits inside its crop (0..1 each), for a marker on the preview. */
export function focalInCrop(width: number, height: number, focal: FocalPoint): FocalPoint {
  const box = focalCrop(width, height, focal);
  return { x: (focal.x * width - box.left) / box.width, y: (focal.y * height - box.top) / box.height };
}
