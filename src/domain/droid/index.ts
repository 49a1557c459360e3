/** The droid domain: Manager output, Executor actions, code blocks in answers, JSON Schema for structured output. */
export * from "./actions.js"
export * from "./code-blocks.js"
export * from "./json-schema.js"
export * from "./manager-output.js"
export * from "./apps.js"
export * from "./loop-guard.js"
export * from "./screen-hash.js"
export * from "./trajectory.js"
