/** The byte sniffing lives with the image adapter (store logos use it too). */
export { CONTENT_TYPES, type ImageType, sniffImage } from '../../adapters/images/image-type.js';
