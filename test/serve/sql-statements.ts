/**
 * The SQL a test's server runs, seen without a double: a tracer that keeps
 * the query text @effect/sql sets on each statement's span (`db.query.text`),
 * then does what the tracer it wraps does. Run the code to watch under it
 * (`Effect.withTracer`); fibers forked there (a server's) inherit it.
 */
import { Effect, Tracer } from "effect"

/** The current tracer, also keeping the text of every SQL statement run under it. */
export const recordingStatements = Effect.map(Effect.tracer, (base) => {
  const statements: Array<string> = []
  const tracer = Tracer.make({
    context: (f, fiber) => base.context(f, fiber),
    span: (name, parent, context, links, startTime, kind, options) => {
      const span = base.span(name, parent, context, links, startTime, kind, options)
      const attribute = span.attribute.bind(span)
      span.attribute = (key, value) => {
        if (key === "db.query.text" && typeof value === "string") statements.push(value)
        attribute(key, value)
      }
      return span
    }
  })
  return { tracer, statements }
})
