/** Events: the port, its live (PubSub + debug log) and collecting test layers. */
export { CollectedEvents } from "./collected.js"
export type { CollectedEventsShape } from "./collected.js"
export { Events } from "./events.js"
export type { EventsShape, TaggedEvent, TypedEvents } from "./events.js"
export { typedEvents } from "./events.js"
export { layerEvents, makeEvents } from "./live.js"
