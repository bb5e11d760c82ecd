"""manage.py mcp [--http] [--port N] — the MCP server (see research/mcp_server.py).

stdio by default (an agent starts it as a subprocess); --http serves streamable HTTP on
127.0.0.1:<port>/mcp. Loopback only: the tools are read-only but carry no auth.
"""

from django.core.management.base import BaseCommand

from research.mcp_server import build_server


class Command(BaseCommand):
    help = "Run the MCP server: every read-only research tool and two prompts (research/mcp_server.py)."

    def add_arguments(self, parser):
        parser.add_argument("--http", action="store_true", help="streamable HTTP instead of stdio")
        parser.add_argument("--port", type=int, default=8765)

    def handle(self, *args, http, port, **options):
        server = build_server()
        if http:
            self.stderr.write(f"MCP server on http://127.0.0.1:{port}/mcp")
            server.run("streamable-http", host="127.0.0.1", port=port)
        else:
            server.run("stdio")
