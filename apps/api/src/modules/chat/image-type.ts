/** The image types chat serves (by file extension); byte sniffing lives with the image adapter. */
export { CONTENT_TYPES } from '../../adapters/images/image-type.js';
