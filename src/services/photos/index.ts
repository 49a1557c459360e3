/** Photos: the port and its sharp layer. */
export { maxSide, Photos, PhotoUnreadable } from "./photos.js"
export type { PhotosShape } from "./photos.js"
export { layerSharp, makeSharpPhotos } from "./sharp.js"
