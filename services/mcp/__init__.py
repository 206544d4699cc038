"""The MCP server: memory tools for agents, on the official `mcp` SDK. `server.py` defines the tools,
`http.py` serves them at /mcp beside the REST API, and `memstream mcp` serves them over stdio."""
