/**
 * @module
 * The proxy's one error shape: `{ "error": { "code", "message", "field"? } }`, thrown as an
 * `HTTPException` so middleware and routes fail the same way and `app.onError` renders it.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface JsonErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string };
}

export function jsonErrorResponse(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: { field?: string; headers?: Record<string, string> } = {},
): Response {
  const body: JsonErrorBody = { error: { code, message, ...(extra.field === undefined ? {} : { field: extra.field }) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra.headers },
  });
}

/** An `HTTPException` whose response is the JSON error body. */
export function jsonError(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: { field?: string; headers?: Record<string, string>; cause?: unknown } = {},
): HTTPException {
  return new HTTPException(status, { message, cause: extra.cause, res: jsonErrorResponse(status, code, message, extra) });
}
