import net from 'node:net';

/** A PostgreSQL ErrorResponse message (FATAL) with a SQLSTATE. */
function fatal(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * A port that answers every connection as PostgreSQL does while it starts up: FATAL 57P03
 * "the database system is starting up", then closes.
 */
export async function startingUpPort(): Promise<{ port: number; close(): Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => socket.end(fatal('57P03', 'the database system is starting up')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port nobody listens on: connections are refused, as while PostgreSQL is stopped. */
export async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A TCP proxy in front of a database that can be taken down as PostgreSQL goes down for a
 * restart, then brought back on the same port: every connection is cut, and new ones are
 * refused (`refuse`: the port is closed) or answered FATAL 57P03 (`starting`: "the
 * database system is starting up").
 */
export async function databaseProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'starting' = 'up';
  let server: net.Server | null = null;
  let port = 0;

  const listen = async () => {
    const created = net.createServer((client) => {
      client.on('error', () => {});
      if (mode === 'starting') {
        client.once('data', () => client.end(fatal('57P03', 'the database system is starting up')));
        return;
      }
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(port, '127.0.0.1', resolve);
    });
    server = created;
    port = (created.address() as net.AddressInfo).port;
  };
  const unlisten = async () => {
    const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : null;
    server = null;
    for (const s of sockets) s.destroy();
    sockets.clear();
    await closing;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** Cuts every connection; new ones are refused or told the database is starting up. */
    async down(how: 'refuse' | 'starting') {
      if (how === 'refuse') return unlisten();
      mode = 'starting';
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    /** Passes connections through again. */
    async up() {
      mode = 'up';
      if (!server) await listen();
    },
    close: unlisten,
  };
}
