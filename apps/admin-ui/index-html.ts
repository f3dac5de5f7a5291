export interface PageAssets {
  script: string
  stylesheet: string
  icon: string
}

/** The one HTML page: no inline script or style, so the CSP can forbid both. */
export function indexHtml(assets: PageAssets, basePath = '/admin/assets'): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>CMS admin</title>
    <link rel="icon" href="${basePath}/${assets.icon}" type="image/svg+xml">
    <link rel="stylesheet" href="${basePath}/${assets.stylesheet}">
    <script type="module" src="${basePath}/${assets.script}"></script>
  </head>
  <body>
    <div id="app">
      <noscript>The CMS admin panel needs JavaScript.</noscript>
    </div>
  </body>
</html>
`
}
