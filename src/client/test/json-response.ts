/** A JSON answer as the server sends it, for a test that stands in for the server at the fetch boundary. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
