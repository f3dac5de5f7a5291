/**
 * The page of `/docs`: no inline script or style, so it holds under the admin panel's
 * Content-Security-Policy. Redoc renders into `#docs-render` once a credential is given.
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="icon" href="/docs/assets/favicon.svg" />
    <link rel="stylesheet" href="/docs/assets/docs.css" />
  </head>
  <body>
    <form id="docs-form" class="docs-bar">
      <strong>API reference</strong>
      <label
        >Document
        <select id="docs-which">
          <option value="public">Public API of a website (API key)</option>
          <option value="admin">Admin API (platform admin token)</option>
        </select>
      </label>
      <label
        >Key or token
        <input id="docs-secret" type="password" autocomplete="off" spellcheck="false" />
      </label>
      <button type="submit">Show</button>
      <a id="docs-sdl" download="schema.graphql" hidden>GraphQL schema (SDL)</a>
      <span id="docs-problem" class="docs-problem" role="status"></span>
    </form>
    <div id="docs-render"></div>
    <script src="/docs/assets/redoc.standalone.js"></script>
    <script src="/docs/assets/docs.js"></script>
  </body>
</html>
`
