#!/usr/bin/env python3
"""Serves a folder (python3 scripts/serve.py PORT [FOLDER] [HOST]; HOST 127.0.0.1 by default,
0.0.0.0 for every address of the machine) as a static host that can set headers should: every response says Cross-Origin-Opener-Policy: same-origin and
Cross-Origin-Embedder-Policy: require-corp, which make the game page cross-origin isolated (its AI
workers then share one WebAssembly memory: www/common/engine-wasm.js), and
Cross-Origin-Resource-Policy: cross-origin, so that an isolated page of another site may still load
the <othello-board> element's files. Everything else is Python's http.server."""

import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    # The types the pages need, whatever the system's MIME table says.
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        super().end_headers()


class Server(http.server.ThreadingHTTPServer):
    # socketserver's queue of 5 waiting connections drops or resets connections when a page, its
    # workers and the service worker's install ask for dozens of files at once: each dropped one
    # waits a second or more before the browser tries again.
    request_queue_size = 128


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    folder = sys.argv[2] if len(sys.argv) > 2 else "."
    host = sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1"
    http.server.test(
        HandlerClass=functools.partial(Handler, directory=folder),
        ServerClass=Server,
        port=port,
        bind=host,
    )


if __name__ == "__main__":
    main()
