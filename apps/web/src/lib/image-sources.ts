import { uploadedImageSrcSet } from '@d3/shared/site/uploaded-image';

/**
 * An <img>'s sources: an upload of ours comes in several sizes (`srcset`), and `sizes` tells the
 * browser the width it is drawn at, so a phone on slow data downloads the file that width needs (a
 * 40 px logo takes the 128 px file, not the 512). `auto` (a lazy image's laid-out width, Chrome
 * 126+) comes first where the slot's width depends on the page; the rest is the fallback. Any other
 * address is drawn as it is.
 */
export function imageSources(src: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = uploadedImageSrcSet(src);
  return srcSet ? { src, srcSet, sizes } : { src };
}
