/** The byte sniffing lives with the image adapter (store logos use it too). */
export { CONTENT_TYPES, sniffImage } from '../../adapters/images/image-type.js';
