#!/usr/bin/env python3
"""A local HTTP server for feed-reader's end-to-end tests.

Serves the files of a folder (the bundled sample feed) on 127.0.0.1, on a free port — or the
port given, to start again where a stopped server was — that it prints as its first line
("listening on port 41234"), then a line per request ("GET /feed.json"), and answers a few
paths of its own:

  /status/CODE/...      answers CODE with an HTML body, such as a 500
  /truncated/FILE       announces FILE's length, sends half of it and closes the connection
  /slow/MS/FILE         waits MS milliseconds, then serves FILE (its next pages are slow too)
  /next-fails/FILE      FILE with a next_url that answers 500
  /empty.json           a valid feed without items

Usage: feed_server.py FOLDER [PORT]
"""

import http.server
import json
import os
import sys
import time

ROOT = sys.argv[1]
PORT = int(sys.argv[2]) if len(sys.argv) > 2 else 0


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *arguments, **options):
        super().__init__(*arguments, directory=ROOT, **options)

    def do_GET(self):
        print("GET", self.path, flush=True)
        parts = self.path.split("?")[0].strip("/").split("/")
        if parts[0] == "status":
            self.answer(int(parts[1]), b"<html><body>Internal trouble</body></html>", "text/html")
        elif parts[0] == "truncated":
            with open(os.path.join(ROOT, parts[1]), "rb") as file:
                body = file.read()
            self.send_response(200)
            self.send_header("Content-Type", "application/feed+json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
        elif parts[0] == "slow":
            time.sleep(int(parts[1]) / 1000)
            self.path = "/" + "/".join(parts[2:])
            super().do_GET()
        elif parts[0] == "next-fails":
            with open(os.path.join(ROOT, parts[1]), "rb") as file:
                feed = json.load(file)
            feed["next_url"] = "/status/500/next.json"
            self.answer(200, json.dumps(feed).encode(), "application/feed+json")
        elif parts[0] == "empty.json":
            feed = {"version": "https://jsonfeed.org/version/1.1", "title": "Empty", "items": []}
            self.answer(200, json.dumps(feed).encode(), "application/feed+json")
        else:
            super().do_GET()

    def answer(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


# ThreadingHTTPServer sets SO_REUSEADDR: a server started again binds the port at once.
server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
print("listening on port", server.server_address[1], flush=True)
server.serve_forever()
