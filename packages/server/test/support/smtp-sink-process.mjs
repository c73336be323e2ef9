// An SMTP sink in a process of its own (10,000 messages: the sink does not compete with the
// workers for one event loop). Tells its port, then answers 'ids' with the Message-IDs that
// arrived, in order.
import { SMTPServer } from 'smtp-server';

const ids = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      ids.push(/^message-id:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '');
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'ids') process.send({ ids });
  if (message === 'close') server.close(() => process.exit(0));
});
