// jsdom lacks the fetch family; RTK Query's fetchBaseQuery needs them, with Node's own AbortController so
// undici's Request accepts the signal.
// before jsdom loads: its style rules read the selector matcher once, at load
require('./jsdom-style-rules');
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    Object.assign(g, {
      fetch: globalThis.fetch,
      Request: globalThis.Request,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      FormData: globalThis.FormData,
      AbortController: globalThis.AbortController,
      AbortSignal: globalThis.AbortSignal,
      TextEncoder: globalThis.TextEncoder,
      TextDecoder: globalThis.TextDecoder,
      ReadableStream: globalThis.ReadableStream,
      structuredClone: globalThis.structuredClone,
    });
  }
}

module.exports = JsdomWithFetch;
