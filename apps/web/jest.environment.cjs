// jsdom with the Fetch API's Request and Response classes, which jsdom lacks: the API client
// (openapi-fetch) builds a Request from the typed call and reads the Response it is handed.
// They are Node's own; `fetch` itself stays absent, so every spec still mocks it.
const { TestEnvironment } = require('jest-environment-jsdom');

class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { Request, Response, Headers });
  }
}

module.exports = WebTestEnvironment;
