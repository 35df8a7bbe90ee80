// Starts Swagger UI on the OpenAPI document. The base layout, not the standalone one: Footfall's header is
// the page's own, and the standalone preset would add Swagger's top bar (its logo and a URL box) and 260 KB.
window.SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  // The schemas are read in each operation; the list of every model at the end is long on a phone.
  defaultModelsExpandDepth: -1,
  // Never send the document to Swagger's online validator: nothing leaves the server's origin.
  validatorUrl: null,
  syntaxHighlight: { activated: true, theme: 'agate' },
});
