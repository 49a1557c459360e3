/**
 * What fitlog keeps in the SessionStore: proposals waiting for the user's
 * confirmation (they survive a restart: running the same command again finds
 * its pending proposal by id), proposals committed to the Android app (the
 * app cannot be asked whether a proposal was logged), and chat sessions.
 */
import { Proposal } from "../../domain/fitlog/proposal.js"
import type { SessionKind } from "../../services/session-store/session-kind.js"
import { ChatState } from "./chat-state.js"

export const pendingProposals: SessionKind<Proposal, typeof Proposal.Encoded> = { name: "fitlog-pending", version: 1, schema: Proposal }

export const androidCommits: SessionKind<Proposal, typeof Proposal.Encoded> = { name: "fitlog-android-commits", version: 1, schema: Proposal }

export const chatSessions: SessionKind<ChatState, typeof ChatState.Encoded> = { name: "fitlog-chat", version: 1, schema: ChatState }

