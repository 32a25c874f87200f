import type { MiddlewareFunction } from "react-router";
import { currentRequest } from "~/utils/request-scope.server";

/**
 * Tells the request's scope which route pattern answers it ("en?/products/*"), for the
 * request metrics' route label and the request log: never the URL, whose values are unbounded.
 */
export const routePatternMiddleware: MiddlewareFunction<Response> = ({ pattern }, next) => {
  const scope = currentRequest();
  if (scope) scope.routePattern = pattern;
  return next();
};
