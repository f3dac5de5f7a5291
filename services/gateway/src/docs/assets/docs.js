// The /docs page: asks for an API key (the public API of its website) or the platform admin
// token (the admin API), fetches that OpenAPI document and renders it with Redoc. The
// credential stays in this tab's sessionStorage; when an operator signed in to the admin panel in
// this tab, the admin API's document is read with their session cookie without asking.
;(function () {
  'use strict'
  var STORE = 'cms-docs-credential'
  var PANEL_OPERATOR = 'cms-panel-operator'
  var form = document.getElementById('docs-form')
  var which = document.getElementById('docs-which')
  var secret = document.getElementById('docs-secret')
  var problem = document.getElementById('docs-problem')
  var target = document.getElementById('docs-render')
  var sdl = document.getElementById('docs-sdl')

  // The key's GraphQL schema (GET /api/graphql/schema.graphql), offered as a file: a link
  // cannot send the key, so the page fetches it and links the text it got.
  function offerSchema(key) {
    sdl.hidden = true
    if (sdl.href) URL.revokeObjectURL(sdl.href)
    fetch('/api/graphql/schema.graphql', { headers: { 'x-api-key': key } })
      .then(function (response) {
        return response.ok ? response.blob() : null
      })
      .then(function (blob) {
        if (!blob) return
        sdl.href = URL.createObjectURL(blob)
        sdl.hidden = false
      })
      .catch(function () {
        // No schema (introspection switched off): no link.
      })
  }

  function read(key) {
    try {
      return sessionStorage.getItem(key)
    } catch (error) {
      return null
    }
  }
  function write(key, value) {
    try {
      sessionStorage.setItem(key, value)
    } catch (error) {
      // Storage refused: the credential is used for this page only.
    }
  }

  function show(message) {
    problem.textContent = message || ''
  }

  function load(kind, credential) {
    var admin = kind === 'admin'
    var url = admin ? '/admin/api/openapi.json' : '/api/openapi.json'
    var headers = !credential
      ? {}
      : admin
        ? { authorization: 'Bearer ' + credential }
        : { 'x-api-key': credential }
    show('Loading ' + url + ' ...')
    fetch(url, { headers: headers })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            var message = body && body.error ? body.error.message : 'HTTP ' + response.status
            throw new Error(message + ' (' + response.status + ')')
          }
          return body
        })
      })
      .then(function (spec) {
        show('')
        target.setAttribute('data-loaded', admin ? 'admin' : 'public')
        if (admin) sdl.hidden = true
        else offerSchema(credential)
        window.Redoc.init(
          spec,
          { disableSearch: true, hideDownloadButton: false, expandResponses: '200,201' },
          target,
        )
      })
      .catch(function (error) {
        show(String(error.message || error))
      })
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault()
    var value = secret.value.trim()
    if (!value) return show('Enter an API key or the admin token.')
    write(STORE, JSON.stringify({ kind: which.value, credential: value }))
    load(which.value, value)
  })

  var saved
  try {
    saved = JSON.parse(read(STORE) || 'null')
  } catch (error) {
    saved = null
  }
  if (saved && saved.credential) {
    which.value = saved.kind
    load(saved.kind, saved.credential)
  } else if (read(PANEL_OPERATOR)) {
    which.value = 'admin'
    load('admin', null)
  }
})()
