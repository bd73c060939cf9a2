// What went wrong reading a multipart body (@fastify/multipart over busboy), told apart so each upload route can
// answer in its own words: too many parts, a file over the route's size limit, or a body that is not readable
// multipart at all. Anything else is not a client's mistake and is rethrown by the caller.
export type MultipartProblem = 'too_many' | 'too_large' | 'unreadable';

export function multipartProblem(err: unknown): MultipartProblem | null {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return 'too_many';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too_large';
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE')
    return 'unreadable';
  if (
    err instanceof Error &&
    /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form/i.test(
      err.message,
    )
  )
    return 'unreadable';
  return null;
}
