/** Screenshots made ready for a model's vision (whether a model takes them is its `capabilities.images`). */
export * from "./screen-images.js"
export { layerSharpScreenImages, makeSharpScreenImages } from "./sharp.js"
