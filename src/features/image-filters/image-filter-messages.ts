/** Shown when the filters cannot be loaded (spec part 1 §8 Devices and filters, text kept as written). */
export const IMAGE_FILTERS_LOAD_FAILED = 'Unable to Image Filters';
