// The Node HTTP server under Express: timeouts that cut slow clients off, and a shutdown that
// finishes every request already received before the process exits.
import http from "node:http";
import net from "node:net";

export interface HttpTimeouts {
  /** To receive a request's headers (Node's default: 60 s). */
  headersTimeout: number;
  /**
   * To receive a whole request, body included (Node's default: 300 s). A 5 MB CV still fits
   * at about 90 KB/s (0.7 Mbit/s, a poor mobile uplink); a body dribbled slower is cut off (408).
   */
  requestTimeout: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: number;
  /** How often Node checks the two limits above (its default, 30 s, would add up to 30 s to them). */
  checkInterval: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  keepAliveTimeout: 5_000,
  checkInterval: 1_000,
};

export interface HttpServer {
  server: http.Server;
  /**
   * Stops accepting connections, lets every request already received finish (answered with
   * `Connection: close`), closes idle keep-alive connections, and resolves once no connection
   * is left.
   */
  stop(): Promise<void>;
}

/** Without a new connection for this long after a shutdown starts, the listener closes… */
const QUIET_MS = 100;
/**
 * …and at the latest after this. A busy process takes queued connections one per turn of the
 * event loop (measured: 20 waited over 2 s behind page renders on a loaded machine), so the
 * drain may take seconds; past this, clients still connecting are refused.
 */
const DRAIN_MS = 10_000;

/**
 * A keep-alive connection that is idle when the shutdown starts, or becomes idle after a response
 * that had promised keep-alive, stays open this long (and at least one poll of the event loop)
 * before it is closed: its client may already have sent the next request, which is then answered
 * with `Connection: close` instead of being reset.
 */
const IDLE_GRACE_MS = 1_000;

interface ConnectionState {
  /** Responses on this connection that have not finished. */
  responses: Set<http.ServerResponse>;
  /** Responses finished on this connection. */
  served: number;
}

export function createHttpServer(handler: http.RequestListener, timeouts: HttpTimeouts = HTTP_TIMEOUTS): HttpServer {
  const server = http.createServer({
    headersTimeout: timeouts.headersTimeout,
    requestTimeout: timeouts.requestTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    connectionsCheckingInterval: timeouts.checkInterval,
  });

  const connections = new Map<net.Socket, ConnectionState>();
  let stopping = false;

  /** Once the grace has passed, and the requests that arrived meanwhile have been read, an idle connection closes. */
  const closeIfStillIdle = (socket: net.Socket) => {
    setTimeout(() => {
      setImmediate(() => {
        if (connections.get(socket)?.responses.size === 0) socket.destroy();
      });
    }, IDLE_GRACE_MS).unref();
  };

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { responses: new Set(), served: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  // Registered before the handler, so the header is there before anything is written.
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    const state = connections.get(socket);
    if (!state) return;
    state.responses.add(res);
    if (stopping) res.setHeader("Connection", "close");
    res.once("close", () => {
      state.responses.delete(res);
      state.served++;
      // A response whose headers went out before the shutdown promised keep-alive: the client
      // may send one more request, answered with Connection: close; otherwise the connection ends.
      if (stopping && state.responses.size === 0 && !socket.destroyed) closeIfStillIdle(socket);
    });
  });
  server.on("request", handler);

  let accepted = 0;
  server.on("connection", () => accepted++);

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= new Promise<void>((resolve) => {
      stopping = true;
      for (const [socket, state] of connections) {
        // Responses still being prepared tell their client the connection ends with them (Node
        // then closes it once they are sent); …
        for (const res of state.responses) if (!res.headersSent) res.setHeader("Connection", "close");
        // …keep-alive connections between requests close after a grace. One accepted but silent
        // so far keeps its chance: its request is answered (with Connection: close), or the
        // headers timeout ends it.
        if (state.responses.size === 0 && state.served > 0) closeIfStillIdle(socket);
      }
      // Connections the kernel completed before the signal may still wait in the listen queue
      // (the event loop was busy rendering): closing the listening socket resets them. So keep
      // accepting until the event loop's poll phases (setImmediate runs right after one) bring
      // no new connection for a moment, at most for DRAIN_MS.
      const giveUpAt = Date.now() + DRAIN_MS;
      const closeWhenQuiet = () => {
        const seen = accepted;
        setTimeout(() => {
          setImmediate(() => {
            if (accepted !== seen && Date.now() < giveUpAt) return closeWhenQuiet();
            // net's close, not http's: since Node 19 http.Server#close also closes "idle"
            // connections, handled above without racing a request in transit.
            net.Server.prototype.close.call(server, () => resolve());
          });
        }, QUIET_MS);
      };
      closeWhenQuiet();
    });
    return stopped;
  }

  return { server, stop };
}
