/** Screenshots made ready for a model's vision, and which models can see them. */
export * from "./screen-images.js"
export { layerSharpScreenImages, makeSharpScreenImages } from "./sharp.js"
export { supportsImages } from "./models.js"
