// What React Router hands to entry.server's handleError: routine 4xx answers are logged at debug
// level as what they are; faults at error level with their stack, never "[object Object]".
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { log } from "~/utils/log.server";

const request = (method = "GET") => ({ request: new Request("http://localhost/pages/storelocator", { method }) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handleError", () => {
  it("logs a 404 or 405 answer at debug level, with its status", () => {
    const debug = vi.spyOn(log, "debug").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    handleError(new ErrorResponse(405, "Method Not Allowed", new Error('You made a POST request to "/pages/storelocator" but did not provide an `action`'), true), request("POST"));
    handleError(new ErrorResponse(404, "Not Found", null), request());
    expect(error).not.toHaveBeenCalled();
    expect(debug.mock.calls).toEqual([
      ["error response", { method: "POST", url: "http://localhost/pages/storelocator", status: 405, statusText: "Method Not Allowed" }],
      ["error response", { method: "GET", url: "http://localhost/pages/storelocator", status: 404, statusText: "Not Found" }],
    ]);
  });

  it("logs a fault at error level with its stack; a thrown object as JSON", () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    handleError(new TypeError("provider.toString is not a function"), request());
    handleError({ code: "X" }, request());
    handleError(new ErrorResponse(500, "Internal Server Error", new Error("inner fault"), true), request());
    expect(error).toHaveBeenCalledTimes(3);
    expect(error.mock.calls[0]![1]!.error).toMatch(/^TypeError: provider\.toString is not a function\n\s+at /);
    expect(error.mock.calls[1]![1]!.error).toBe('{"code":"X"}');
    expect(error.mock.calls[2]![1]!.error).toMatch(/^Error: inner fault\n\s+at /);
  });

  it("stays silent for a request the client gave up", () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted render"), { request: new Request("http://localhost/", { signal: controller.signal }) });
    expect(error).not.toHaveBeenCalled();
  });
});
