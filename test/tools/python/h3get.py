"""One HTTP/3 GET with aioquic, a real QUIC and HTTP/3 client. Prints a JSON line:
{"alpn": the negotiated ALPN protocol, "status": the :status, "headers": {name: value}, "body": text}.

usage: h3get.py HOST PORT PATH --server-name NAME --ca FILE [--header NAME:VALUE]... [--timeout SECONDS]
"""
import argparse
import asyncio
import json
import sys

from aioquic.asyncio.client import connect
from aioquic.asyncio.protocol import QuicConnectionProtocol
from aioquic.h3.connection import H3_ALPN, H3Connection
from aioquic.h3.events import DataReceived, HeadersReceived
from aioquic.quic.configuration import QuicConfiguration


class Http3Client(QuicConnectionProtocol):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._http = H3Connection(self._quic)
        self._responses = {}
        self._done = {}

    def quic_event_received(self, event):
        for h3_event in self._http.handle_event(event):
            if not isinstance(h3_event, (HeadersReceived, DataReceived)):
                continue
            response = self._responses.setdefault(h3_event.stream_id, {"headers": [], "body": b""})
            if isinstance(h3_event, HeadersReceived):
                response["headers"].extend(h3_event.headers)
            else:
                response["body"] += h3_event.data
            waiter = self._done.get(h3_event.stream_id)
            if h3_event.stream_ended and waiter is not None and not waiter.done():
                waiter.set_result(response)

    async def get(self, authority, path, headers):
        stream_id = self._quic.get_next_available_stream_id()
        self._done[stream_id] = self._loop.create_future()
        request = [(b":method", b"GET"), (b":scheme", b"https"), (b":authority", authority.encode()), (b":path", path.encode())]
        self._http.send_headers(stream_id, request + headers, end_stream=True)
        self.transmit()
        return await self._done[stream_id]


async def main(args):
    configuration = QuicConfiguration(is_client=True, alpn_protocols=H3_ALPN, server_name=args.server_name)
    configuration.load_verify_locations(args.ca)
    headers = [(n.strip().lower().encode(), v.strip().encode()) for n, v in (h.split(":", 1) for h in args.header)]
    async with connect(args.host, args.port, configuration=configuration, create_protocol=Http3Client) as client:
        response = await client.get(f"{args.server_name}:{args.port}", args.path, headers)
        alpn = client._quic.tls.alpn_negotiated
    fields = {}
    for name, value in response["headers"]:
        fields[name.decode()] = value.decode()
    return {"alpn": alpn, "status": int(fields.pop(":status")), "headers": fields, "body": response["body"].decode("utf-8", "replace")}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("path")
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--ca", required=True)
    parser.add_argument("--header", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=10)
    arguments = parser.parse_args()
    try:
        result = asyncio.run(asyncio.wait_for(main(arguments), arguments.timeout))
    except Exception as err:  # one line the test can show, whatever failed
        print(json.dumps({"error": f"{type(err).__name__}: {err}"}))
        sys.exit(1)
    print(json.dumps(result))
