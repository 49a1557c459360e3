/** Trajectory: where a droid run's steps are saved (`--save-run DIR`). */
export * from "./trajectory.js"
export { layerTrajectoryDir } from "./dir.js"
