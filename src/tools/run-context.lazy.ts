/**
 * The AI calls' code (the client with its answer parsing, and the text stream), fetched by a tool's
 * first call through run-context.ts rather than with every tool page (first-load budget).
 */
export { generateImage, generateText } from "@/lib/gemini/client";
export { streamText } from "@/lib/gemini/stream";
