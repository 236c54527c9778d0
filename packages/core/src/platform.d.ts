// core compiles without DOM or Node typings so it cannot lean on either platform by accident.
// These are the few web-standard globals that both browsers and Node.js provide.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
