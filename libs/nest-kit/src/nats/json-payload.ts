/**
 * JSON message bodies as bytes. nats.js v3 has no JSONCodec (its messages' `json()` reads one):
 * these do what v2's JSONCodec did, for the places that need the bytes themselves (the body size
 * of a span, a cached frame) or read a message that may be a test's stand-in.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** UTF-8 bytes of `value` as JSON. */
export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** The JSON in `data` (UTF-8); throws a SyntaxError when it is not JSON. */
export function decodeJson(data: Uint8Array): unknown {
  return JSON.parse(decoder.decode(data));
}
