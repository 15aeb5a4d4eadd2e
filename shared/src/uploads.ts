// @invest/shared/uploads: showing an uploaded picture (an ID photo) to its owner or an operator. A subpath of its own:
// only the screens that show one carry it, not every page's @invest/shared.
export { useUploadedImage } from './query/useUploadedImage';
export { dataUrlOf } from './dataUrl';
