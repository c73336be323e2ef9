// A process that logs through bufferedStdout (log-destination.test.ts): one line at start,
// then on 'exit' one more line right before process.exit, which must still reach stdout.
import pino from 'pino';
import { bufferedStdout } from '../../src/http/logging.ts';

const log = pino({ base: null }, bufferedStdout(200));
log.info('first line');
process.send?.('logged');
process.on('message', (message) => {
  if (message !== 'exit') return;
  log.info('last line');
  process.exit(0);
});
