"""An HTTP/1.1 server from Python's standard library, for interop tests of our HTTP client.

Prints its port on the first line, then serves on 127.0.0.1 until killed:
  GET  /bytes?n=N   N bytes (0..255 repeating) with Content-Length, kept alive
  GET  /chunked     a chunked body of three chunks
  GET  /close       a body that runs to the close of the connection (HTTP/1.0 style)
  POST /echo        the request body back
"""
import http.server
import sys
from urllib.parse import urlparse, parse_qs


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        if url.path == "/bytes":
            n = int(parse_qs(url.query).get("n", ["0"])[0])
            body = bytes(i % 256 for i in range(n))
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Connection-Port", str(self.client_address[1]))
            self.end_headers()
            self.wfile.write(body)
        elif url.path == "/chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for part in [b"hello, ", b"chunked ", b"world"]:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        elif url.path == "/close":
            self.send_response(200)
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b"until the close")
            self.close_connection = True
        else:
            self.send_error(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
