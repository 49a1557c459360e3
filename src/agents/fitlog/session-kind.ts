/**
 * What fitlog keeps in the SessionStore: proposals waiting for the user's
 * confirmation (they survive a restart: running the same command again finds
 * its pending proposal by id), proposals committed to the Android app (the
 * app cannot be asked whether a proposal was logged), and chat sessions.
 */
import { Schema } from "effect"
import { Proposal } from "../../domain/fitlog/proposal.js"
import type { SessionKind } from "../../services/session-store/session-kind.js"
import { ChatState } from "./chat-state.js"

export const pendingProposals: SessionKind<Proposal, typeof Proposal.Encoded> = { name: "fitlog-pending", version: 1, schema: Proposal }

export const androidCommits: SessionKind<Proposal, typeof Proposal.Encoded> = { name: "fitlog-android-commits", version: 1, schema: Proposal }

/** A proposal partly logged to the app: which of its lines (0-based) are there, so running it again logs only the rest. */
export const PartialCommit = Schema.Struct({ proposal: Proposal, loggedLines: Schema.Array(Schema.Int) })
export type PartialCommit = typeof PartialCommit.Type
export const androidPartialCommits: SessionKind<PartialCommit, typeof PartialCommit.Encoded> = { name: "fitlog-android-partial", version: 1, schema: PartialCommit }

export const chatSessions: SessionKind<ChatState, typeof ChatState.Encoded> = { name: "fitlog-chat", version: 1, schema: ChatState }

