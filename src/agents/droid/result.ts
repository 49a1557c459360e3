/** What a droid run gives back (seeds/002 "ResultEvent"): success, the final answer, and how it got there. */
export interface DroidResult {
  readonly success: boolean
  /** The final answer, or why the task failed. */
  readonly answer: string
  /** Model steps taken (CodeAct turns, or Manager turns in reasoning mode). */
  readonly steps: number
  /** Facts the agent kept along the way (`remember`, `<add_memory>`). */
  readonly memory: ReadonlyArray<string>
}
